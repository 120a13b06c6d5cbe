/** DDEX Release Profile rule 1058-1: the tracks of the main release (sound recordings, videos) are identified by an ISRC. */
import { defineRule } from '../../define.js';
import { RecordFlags } from '../../record-notes.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { primaryResourceNumbers, releaseName, resourceName, mainReleases } from '../release-contents.js';
import { releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-primary-isrc-present',
  stage: 'release',
  meta: {
    label: 'Tracks have ISRCs',
    description: 'Every sound recording and video in the main release\'s track list has an ISRC (DDEX Release Profile rule 1058-1).',
    sources: [
      releaseProfile21('clause 5.3.1.4(1), rule 1058-1 (MultiProfile_PrimaryResourceMustHaveISRC)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: { missing: '{resource} (track of release {release}) has no ISRC.' },
    hint: 'Add the recording\'s ISRC (3.x SoundRecordingId/ISRC; 4.1-4.2 ResourceId/ISRC; 4.3 SoundRecordingEdition/ResourceId/ISRC).',
  },
  create(ctx) {
    // Resources without an ISRC, noted as they close (ctx.onResource): the album's tracks are then checked by number.
    const noIsrc = new RecordFlags();
    ctx.onResource((r, n) => {
      if (!r.isrc || r.isrc.value.trim() === '') noIsrc.set(n, 1);
    });
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        const reported = new Set<string>();
        for (const release of mainReleases(ctx.message)) {
          for (const n of primaryResourceNumbers(release, index)) {
            if (!noIsrc.get(n)) continue;
            const track = index.resourceAt(n)!;
            const ref = track.reference?.value ?? '';
            if (reported.has(ref)) continue;
            reported.add(ref);
            ctx.report({ messageId: 'missing', loc: track.loc, release: release.reference?.value ?? null, resource: track.reference?.value ?? null, data: { resource: resourceName(track, ctx.message), release: releaseName(release, ctx.message) } });
          }
        }
      },
    };
  },
});

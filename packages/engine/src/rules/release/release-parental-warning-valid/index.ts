/**
 * Parental advisory: the main release and each track say whether they are explicit, and a release
 * marked not explicit holds no explicit track (stores show the "E" badge from these values).
 */
import { defineRule } from '../../define.js';
import { RecordFlags } from '../../record-notes.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { primaryResourceNumbers, releaseName, resourceName, mainReleases } from '../release-contents.js';
import { avs, xsd } from '../../sources.js';

export default defineRule({
  id: 'release-parental-warning-valid',
  stage: 'release',
  meta: {
    label: 'Parental warning',
    description: 'The main release and its tracks carry a ParentalWarningType, and a release marked NotExplicit contains no Explicit track.',
    sources: [
      xsd('4.3', 'Release/ParentalWarningType, SoundRecording/ParentalWarningType (1..n)'),
      avs('ParentalWarningType'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      missingRelease: 'Release {release} has no ParentalWarningType.',
      missingTrack: '{resource} (track of release {release}) has no ParentalWarningType.',
      inconsistent: 'Release {release} is marked {releaseValue} but its track {resource} is Explicit.',
    },
    hint: {
      missingRelease: 'Add ParentalWarningType (Explicit, NotExplicit, ExplicitContentEdited or NoAdviceAvailable).',
      missingTrack: 'Add ParentalWarningType to each sound recording or video.',
      inconsistent: 'Mark the release Explicit when any of its tracks is explicit.',
    },
  },
  create(ctx) {
    // What each resource's values are, noted as it closes (ctx.onResource): 1 none, 2 one is Explicit.
    const warnings = new RecordFlags();
    ctx.onResource((r, n) => {
      if (r.parentalWarnings.length === 0) warnings.set(n, 1);
      else if (r.parentalWarnings.includes('Explicit')) warnings.set(n, 2);
    });
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        for (const release of mainReleases(ctx.message)) {
          // References read only for a finding (each read decodes a record kept as bytes).
          const ref = () => release.reference?.value ?? null;
          if (release.parentalWarnings.length === 0) ctx.report({ messageId: 'missingRelease', loc: release.loc, release: ref(), data: { release: releaseName(release, ctx.message) } });
          const releaseNotExplicit = release.parentalWarnings.includes('NotExplicit') && !release.parentalWarnings.includes('Explicit');
          for (const n of primaryResourceNumbers(release, index)) {
            const noted = warnings.get(n);
            // Neither without a value nor explicit: nothing to say of it (no record read).
            if (noted === 0) continue;
            const track = index.resourceAt(n)!;
            const tref = () => track.reference?.value ?? null;
            if (track.parentalWarnings.length === 0) {
              // 3.x lets the release's value stand for its tracks when they carry none.
              if (ctx.family === '4') ctx.report({ messageId: 'missingTrack', loc: track.loc, release: ref(), resource: tref(), data: { resource: resourceName(track, ctx.message), release: releaseName(release, ctx.message) } });
            } else if (releaseNotExplicit && track.parentalWarnings.includes('Explicit')) {
              ctx.report({ messageId: 'inconsistent', loc: track.loc, release: ref(), resource: tref(), data: { release: releaseName(release, ctx.message), releaseValue: 'NotExplicit', resource: resourceName(track, ctx.message) } });
            }
          }
        }
      },
    };
  },
});

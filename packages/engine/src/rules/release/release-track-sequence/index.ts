/**
 * Track sequence (DDEX Release Profile rules 1020-1 and 1021-1): within each ResourceGroup the
 * tracks carry SequenceNumbers and no two are the same, so the store knows the playing order.
 * Gaps are `release-track-numbering`'s concern.
 */
import { defineRule } from '../../define.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { releaseName } from '../release-contents.js';
import type { TrackEntry } from '../../../ern/model.js';

export default defineRule({
  id: 'release-track-sequence',
  stage: 'release',
  meta: {
    label: 'Track sequence',
    description: 'Tracks of each ResourceGroup have SequenceNumbers, all different (DDEX Release Profile rules 1020-1, 1021-1).',
    versions: 'all',
    severity: 'error',
    messages: {
      duplicate: 'Release {release}: SequenceNumber {sequence} is used twice in {group} ({first} and {second}).',
      unnumbered: 'Release {release}: track {resource} in {group} has no SequenceNumber while other tracks have one.',
    },
    hint: {
      duplicate: 'Give each track of the group its own SequenceNumber.',
      unnumbered: 'Add a SequenceNumber to every track of the group.',
    },
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        for (const release of ctx.message.releases) {
          const ref = release.reference?.value ?? null;
          // Only tracks (sound recordings, videos): cover art and booklets are not sequenced (rule 1023-1).
          // What the check needs of each track, not the track entry (an album of a catalog message may hold hundreds of thousands).
          const groups = new Map<string, Pick<TrackEntry, 'resourceReference' | 'sequence'>[]>();
          for (const t of release.tracks) {
            const kind = index.resource(t.resourceReference.value)?.kind;
            if (kind !== 'SoundRecording' && kind !== 'Video') continue;
            const key = t.groupPath.join('.');
            const list = groups.get(key);
            const entry = { resourceReference: t.resourceReference, sequence: t.sequence };
            if (list) list.push(entry);
            else groups.set(key, [entry]);
          }
          for (const [key, tracks] of groups) {
            const group = key ? `ResourceGroup ${key}` : 'the ResourceGroup';
            const numbered = tracks.filter((t) => t.sequence !== null);
            if (numbered.length === 0) continue;
            const base = { release: ref, data: { release: releaseName(release), group } };
            for (const t of tracks) {
              if (t.sequence === null) ctx.report({ ...base, loc: t.resourceReference, messageId: 'unnumbered', data: { ...base.data, resource: t.resourceReference.value } });
            }
            const seen = new Map<number, (typeof tracks)[number]>();
            for (const t of numbered) {
              const first = seen.get(t.sequence!);
              if (first) {
                ctx.report({ ...base, loc: t.resourceReference, messageId: 'duplicate', data: { ...base.data, sequence: t.sequence, first: first.resourceReference.value, second: t.resourceReference.value } });
              } else seen.set(t.sequence!, t);
            }
          }
        }
      },
    };
  },
});

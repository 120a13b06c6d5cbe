/**
 * Track sequence (DDEX Release Profile rules 1020-1 and 1021-1): within each ResourceGroup the
 * tracks carry SequenceNumbers and no two are the same, so the store knows the playing order.
 * Gaps are `release-track-numbering`'s concern.
 */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { NO_SEQUENCE, NumbersPerGroup, type TrackFacts } from '../../../ern/track-facts.js';
import { groupKeyOf, groupNumbers, releaseName } from '../release-contents.js';
import { releaseProfile21 } from '../../sources.js';

export default defineRule({
  id: 'release-track-sequence',
  stage: 'release',
  meta: {
    label: 'Track sequence',
    description: 'Tracks of each ResourceGroup have SequenceNumbers, all different (DDEX Release Profile rules 1020-1, 1021-1).',
    sources: [
      releaseProfile21('clause 5.3.1.2(5.4), rule 1020-1 (primary resources sequenced)'),
      releaseProfile21('clause 5.3.1.2(5.5), rule 1021-1 (SequenceNumbers all different)'),
    ],
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
    // A number used twice, or a track unnumbered beside a numbered one, takes two tracks (a track release has one at
    // most): the releases with two or more, noted as they close (ctx.onRelease); the others are not read again.
    const listed = numbersWhere(ctx.onRelease, (release) => release.tracks.length >= 2);
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        // Only tracks (sound recordings, videos): cover art and booklets are not sequenced (rule 1023-1).
        const sequenced = (n: number) => {
          const kind = index.resourceKindAt(n);
          return kind === 'SoundRecording' || kind === 'Video';
        };
        for (const n of listed) {
          const release = ctx.message.releases.at(n)!;
          const tracks = release.tracks;
          const facts = index.trackFacts(release);
          if (clean(facts, sequenced)) continue;
          const ref = release.reference?.value ?? null;
          // Two readings of the track list, keeping per group what the check needs (a catalog's album may hold
          // hundreds of thousands of tracks): whether any track is numbered, then each number's first track.
          const numbered = new Map<string, boolean>();
          // Which tracks are sequenced, by place, for the second reading (one lookup per track, not two).
          const isSequenced = new Uint8Array(tracks.length);
          const resources = facts.numbers;
          let at = 0;
          for (const t of tracks) {
            if (!sequenced(resources[at])) {
              at++;
              continue;
            }
            isSequenced[at++] = 1;
            const key = groupKeyOf(t.groupPath);
            numbered.set(key, numbered.get(key) === true || t.sequence !== null);
          }
          type Finding = Parameters<typeof ctx.report>[0];
          let name: string | null = null;
          const groups = new Map<string, { unnumbered: Finding[]; duplicates: Finding[]; first: Map<number, string> }>();
          at = 0;
          for (const t of tracks) {
            if (isSequenced[at++] === 0) continue;
            const key = groupKeyOf(t.groupPath);
            if (!numbered.get(key)) continue;
            let g = groups.get(key);
            if (!g) groups.set(key, (g = { unnumbered: [], duplicates: [], first: new Map() }));
            const base = () => ({ release: ref, data: { release: (name ??= releaseName(release, ctx.message)), group: key ? `ResourceGroup ${key}` : 'the ResourceGroup' } });
            if (t.sequence === null) {
              const b = base();
              g.unnumbered.push({ ...b, loc: t.resourceReference, messageId: 'unnumbered', data: { ...b.data, resource: t.resourceReference.value } });
              continue;
            }
            const first = g.first.get(t.sequence);
            if (first === undefined) g.first.set(t.sequence, t.resourceReference.value);
            else {
              const b = base();
              g.duplicates.push({ ...b, loc: t.resourceReference, messageId: 'duplicate', data: { ...b.data, sequence: t.sequence, first, second: t.resourceReference.value } });
            }
          }
          // Each group's unnumbered tracks, then its repeated numbers.
          for (const g of groups.values()) for (const finding of [...g.unnumbered, ...g.duplicates]) ctx.report(finding);
        }
      },
    };
  },
});

/**
 * Whether the track list's facts (`MessageIndex.trackFacts`) show that it has nothing to report:
 * in each group with a numbered track, every sequenced track has a number of its own. Then the
 * list is not read (a catalog's album holds hundreds of thousands of tracks); else it is, for the
 * findings and their places.
 */
function clean(facts: TrackFacts, sequenced: (n: number) => boolean): boolean {
  const { numbers, sequences, groups, groupPaths } = facts;
  if (sequences === null) return false;
  const { of: keyOf, count } = groupNumbers(groupPaths);
  const numbered = new Uint8Array(count);
  const isSequenced = new Uint8Array(numbers.length);
  // Per group, its sequenced tracks: the numbers 1 to that many are noted in bytes, not a Set.
  const sizes = new Int32Array(count);
  for (let at = 0; at < numbers.length; at++) {
    if (!sequenced(numbers[at])) continue;
    isSequenced[at] = 1;
    sizes[keyOf[groups[at]]]++;
    if (sequences[at] !== NO_SEQUENCE) numbered[keyOf[groups[at]]] = 1;
  }
  const seen = new NumbersPerGroup(sizes);
  for (let at = 0; at < numbers.length; at++) {
    if (isSequenced[at] === 0) continue;
    const key = keyOf[groups[at]];
    if (numbered[key] === 0) continue;
    const sequence = sequences[at];
    if (sequence === NO_SEQUENCE) return false;
    if (!seen.add(key, sequence)) return false;
  }
  return true;
}

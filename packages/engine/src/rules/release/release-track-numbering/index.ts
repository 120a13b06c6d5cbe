/**
 * Track numbers run 1, 2, 3... on each disc. A disc is a ResourceGroup directly under the
 * release's top group; a classical work may split a disc into nested groups whose numbering
 * continues (1-3, 4-6), so numbers are collected over the whole disc.
 */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { NO_SEQUENCE, NumbersPerGroup, type TrackFacts } from '../../../ern/track-facts.js';
import { groupKeyOf, groupNumbers, releaseName } from '../release-contents.js';
import { numberRanges } from '../../message-text.js';
import type { Located } from '../../../ern/model.js';
import { releaseProfile21, service } from '../../sources.js';

export default defineRule({
  id: 'release-track-numbering',
  stage: 'release',
  meta: {
    label: 'Track numbering without gaps',
    description: 'The SequenceNumbers of the tracks of each disc run 1, 2, 3... without gaps.',
    sources: [
      releaseProfile21('clause 5.3.1.2(5): resources sequenced'),
      service('A gap in a disc\'s track numbers usually means a missing track; nested groups of a classical work may continue the numbering.'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: { gap: 'Release {release}: the tracks of {disc} are numbered {numbers}; expected 1 to {count}.' },
    hint: 'Number the tracks of each disc 1, 2, 3... in playing order; a gap often means a track is missing from the release.',
  },
  create(ctx) {
    // One track numbered 1 (or not numbered) is in order whatever its kind (a track release): the releases with
    // more, or with another number, noted as they close (ctx.onRelease); the others are not read again.
    const listed = numbersWhere(ctx.onRelease, ({ tracks }) => {
      if (tracks.length !== 1) return tracks.length > 1;
      const [only] = tracks;
      return only.sequence !== null && only.sequence !== 1;
    });
    return {
      'Message:exit'() {
        const index = indexMessage(ctx.message);
        for (const n of listed) {
          const release = ctx.message.releases.at(n)!;
          const tracks = release.tracks;
          const facts = index.trackFacts(release);
          if (inOrder(facts, (n) => index.resourceKindAt(n))) continue;
          const discs = new Map<string, { numbers: Set<number>; loc: Located }>();
          const resources = facts.numbers;
          let at = 0;
          for (const t of tracks) {
            const n = resources[at++];
            if (t.sequence === null) continue;
            const kind = index.resourceKindAt(n);
            if (kind !== 'SoundRecording' && kind !== 'Video') continue;
            const key = groupKeyOf(t.groupPath, 2);
            const disc = discs.get(key) ?? { numbers: new Set<number>(), loc: t.resourceReference };
            disc.numbers.add(t.sequence);
            discs.set(key, disc);
          }
          for (const [key, disc] of discs) {
            const numbers = [...disc.numbers].sort((a, b) => a - b);
            if (numbers.every((n, i) => n === i + 1)) continue;
            ctx.report({ messageId: 'gap', loc: disc.loc, release: release.reference?.value ?? null, data: { release: releaseName(release, ctx.message), disc: key ? `ResourceGroup ${key}` : 'the ResourceGroup', numbers: numberRanges(numbers), count: numbers.length } });
          }
        }
      },
    };
  },
});

/**
 * Whether the track list's facts (`MessageIndex.trackFacts`) show every disc numbered 1 to n, so
 * that the list is not read (a catalog's album holds hundreds of thousands of tracks); else it is,
 * for the findings and their places.
 */
function inOrder(facts: TrackFacts, kindAt: (n: number) => string | undefined): boolean {
  const { numbers, sequences, groups, groupPaths } = facts;
  if (sequences === null) return false;
  const { of: discOf, count } = groupNumbers(groupPaths, 2);
  // A disc's numbered tracks: n different numbers from 1 to n are 1, 2, … n, and none can be beyond n.
  const numbered = new Uint8Array(numbers.length);
  const sizes = new Int32Array(count);
  for (let at = 0; at < numbers.length; at++) {
    if (sequences[at] === NO_SEQUENCE) continue;
    const kind = kindAt(numbers[at]);
    if (kind !== 'SoundRecording' && kind !== 'Video') continue;
    numbered[at] = 1;
    sizes[discOf[groups[at]]]++;
  }
  const seen = new NumbersPerGroup(sizes);
  const highest = new Int32Array(count);
  for (let at = 0; at < numbers.length; at++) {
    if (numbered[at] === 0) continue;
    const disc = discOf[groups[at]];
    const sequence = sequences[at];
    if (sequence < 1 || sequence > sizes[disc]) return false;
    seen.add(disc, sequence);
    if (sequence > highest[disc]) highest[disc] = sequence;
  }
  for (let disc = 0; disc < count; disc++) if (highest[disc] > seen.count(disc)) return false;
  return true;
}

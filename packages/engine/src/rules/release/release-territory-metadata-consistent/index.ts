/**
 * A store requirement: no territory-specific metadata. A store that reads only the first
 * territory's titles and genres shows them everywhere; warn where the territories differ.
 */
import { defineRule } from '../../define.js';
import type { Genre, Title } from '../../../ern/model.js';
import { store } from '../../sources.js';

/**
 * Compares each specific territory's values with the reference ones (Worldwide, or no territory in
 * ERN 4; else the first territory, the block a store reading "the first" uses), kind by kind (a
 * title type): a territory adding a FormalTitle where the reference has none is not a difference,
 * a different DisplayTitle is. Language variants of one territory are one set.
 */
function territoriesDiffer<T extends { territory: string | null }>(items: readonly T[], kindOf: (t: T) => string, valueOf: (t: T) => string, withDefault: boolean): { first: string; other: T } | null {
  const buckets = new Map<string, T[]>();
  for (const item of items) {
    if (!withDefault && item.territory === null) continue;
    const territory = item.territory === null || item.territory === 'Worldwide' ? 'Worldwide' : item.territory;
    buckets.set(territory, [...(buckets.get(territory) ?? []), item]);
  }
  if (buckets.size < 2) return null;
  const [referenceName, reference] = buckets.has('Worldwide') ? ['Worldwide', buckets.get('Worldwide')!] : [...buckets.entries()][0];
  const valuesOf = (list: T[], kind: string) => list.filter((i) => kindOf(i) === kind).map(valueOf).sort().join('|');
  for (const [territory, list] of buckets) {
    if (territory === referenceName) continue;
    for (const kind of new Set(list.map(kindOf))) {
      const expected = valuesOf(reference, kind);
      if (expected && valuesOf(list, kind) !== expected) return { first: referenceName, other: list.find((i) => kindOf(i) === kind)! };
    }
  }
  return null;
}

const titleKind = (t: Title) => t.type ?? '';
const titleValue = (t: Title) => `${t.text}:${t.subTitle ?? ''}`;
const genreKind = () => 'genre';
const genreValue = (g: Genre) => `${g.text ?? ''}:${g.subGenre ?? ''}`;

export default defineRule({
  id: 'release-territory-metadata-consistent',
  stage: 'release',
  meta: {
    label: 'Same metadata in every territory',
    description: 'Titles and genres do not differ by territory: the store uses only the first territory\'s (store requirement).',
    sources: [
      store('youtubeResources', 'YouTube uses the version that appears first in the message (youtube-territory-metadata)'),
      store('youtubeReleases', 'territory-specific metadata in ReleaseDetailsByTerritory'),
    ],
    versions: 'all',
    severity: 'warn',
    storeOnly: true,
    messages: {
      differs: 'The {what} of {owner} differ by territory ({territory} against {first}); the store uses only the first block\'s, everywhere.',
    },
    hint: 'Give {owner} the same {what} in every territory, or put the version you want shown everywhere first.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        const owners = [
          ...ctx.message.releases.map((r) => ({ owner: `release ${r.reference?.value ?? '(no reference)'}`, release: r.reference?.value ?? null, resource: null, titles: r.titles, genres: r.genres, loc: r.loc })),
          ...ctx.message.resources.map((r) => ({ owner: `resource ${r.reference?.value ?? '(no reference)'}`, release: null, resource: r.reference?.value ?? null, titles: r.titles, genres: r.genres, loc: r.loc })),
        ];
        for (const o of owners) {
          const titles = territoriesDiffer(o.titles, titleKind, titleValue, ctx.family === '4');
          if (titles) ctx.report({ messageId: 'differs', loc: o.loc, release: o.release, resource: o.resource, data: { what: 'titles', owner: o.owner, territory: titles.other.territory ?? '(default)', first: titles.first } });
          const genres = territoriesDiffer(o.genres, genreKind, genreValue, ctx.family === '4');
          if (genres) ctx.report({ messageId: 'differs', loc: genres.other.loc, release: o.release, resource: o.resource, data: { what: 'genres', owner: o.owner, territory: genres.other.territory ?? '(default)', first: genres.first } });
        }
      },
    };
  },
});

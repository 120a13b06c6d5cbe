/**
 * A store requirement: no territory-specific metadata. A store that reads only the first
 * territory's titles and genres shows them everywhere; warn where the territories differ.
 */
import { defineRule } from '../../define.js';
import type { Genre, Title } from '../../../ern/model.js';

/** ERN 3 titles outside a territory block (ReferenceTitle) are not territory metadata: `withDefault` false leaves them out. */
function territoriesDiffer<T extends { territory: string | null }>(items: readonly T[], key: (t: T) => string, withDefault: boolean): { first: string; other: T } | null {
  const byTerritory = new Map<string, Set<string>>();
  for (const item of items) {
    if (!withDefault && item.territory === null) continue;
    const territory = item.territory ?? '(default)';
    if (!byTerritory.has(territory)) byTerritory.set(territory, new Set());
    byTerritory.get(territory)!.add(key(item));
  }
  if (byTerritory.size < 2) return null;
  const [first, ...rest] = [...byTerritory.entries()];
  const firstKey = [...first[1]].sort().join('|');
  for (const [territory, values] of rest) {
    if ([...values].sort().join('|') !== firstKey) return { first: first[0], other: items.find((i) => (i.territory ?? '(default)') === territory)! };
  }
  return null;
}

const titleKey = (t: Title) => `${t.type ?? ''}:${t.text}:${t.subTitle ?? ''}`;
const genreKey = (g: Genre) => `${g.text ?? ''}:${g.subGenre ?? ''}`;

export default defineRule({
  id: 'release-territory-metadata-consistent',
  stage: 'release',
  meta: {
    label: 'Same metadata in every territory',
    description: 'Titles and genres do not differ by territory: the store uses only the first territory\'s (store requirement).',
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
          const titles = territoriesDiffer(o.titles, titleKey, ctx.family === '4');
          if (titles) ctx.report({ messageId: 'differs', loc: o.loc, release: o.release, resource: o.resource, data: { what: 'titles', owner: o.owner, territory: titles.other.territory ?? '(default)', first: titles.first } });
          const genres = territoriesDiffer(o.genres, genreKey, ctx.family === '4');
          if (genres) ctx.report({ messageId: 'differs', loc: genres.other.loc, release: o.release, resource: o.resource, data: { what: 'genres', owner: o.owner, territory: genres.other.territory ?? '(default)', first: genres.first } });
        }
      },
    };
  },
});

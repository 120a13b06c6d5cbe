/** Every product release has a genre: stores file releases under one and reject those without. */
import { defineRule } from '../../define.js';
import { mainReleases, releaseName } from '../../release/release-contents.js';
import { service, xsd } from '../../sources.js';

export default defineRule({
  id: 'genres-present',
  stage: 'genres',
  meta: {
    label: 'Genre present',
    description: 'The main release has at least one non-empty Genre (GenreText, or from 4.2 a GenreCategory).',
    sources: [
      xsd('4.3', 'Release/Genre (1..n)'),
      xsd('3.8.2', 'ReleaseDetailsByTerritory/Genre'),
      service('A main release without a genre cannot be placed in the stores\' genre pages.'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      missing: 'Release {release} has no genre.',
      empty: 'Release {release} has a Genre element with an empty GenreText.',
    },
    hint: 'Add Genre/GenreText with the release\'s genre (e.g. Pop, Rock, Hip Hop/Rap, Classical); 3.x puts it in ReleaseDetailsByTerritory.',
  },
  create(ctx) {
    return {
      'Message:exit'() {
        for (const release of mainReleases(ctx.message)) {
          const named = release.genres.filter((g) => (g.text ?? '').trim() !== '' || (g.category ?? '').trim() !== '');
          if (named.length > 0) continue;
          const ref = release.reference?.value ?? null;
          if (release.genres.length > 0) ctx.report({ messageId: 'empty', loc: release.genres[0].loc, release: ref, data: { release: releaseName(release, ctx.message) } });
          else ctx.report({ messageId: 'missing', loc: release.loc, release: ref, data: { release: releaseName(release, ctx.message) } });
        }
      },
    };
  },
});

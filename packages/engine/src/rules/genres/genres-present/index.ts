/** Every product release has a genre: stores file releases under one and reject those without. */
import { defineRule } from '../../define.js';
import { mainReleases, releaseName } from '../../release/release-contents.js';

export default defineRule({
  id: 'genres-present',
  stage: 'genres',
  meta: {
    label: 'Genre present',
    description: 'The main release has at least one non-empty Genre (GenreText, or from 4.2 a GenreCategory).',
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

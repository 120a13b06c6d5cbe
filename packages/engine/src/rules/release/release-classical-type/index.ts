/** A store requirement: a classical release (by its genre) has the release type the store asks for (`ClassicalAlbum`). */
import { defineRule } from '../../define.js';
import { releasesOfKind } from '../release-contents.js';
import { avs, store } from '../../sources.js';

interface Options {
  /** Genre texts that make a release classical (case-insensitive); default `Classical`. */
  genres?: string[];
  releaseType?: string;
}

export default defineRule({
  id: 'release-classical-type',
  stage: 'release',
  meta: {
    label: 'Classical release type',
    description: 'A release whose genre is classical has the release type the store needs for classical display (store requirement).',
    sources: [
      store('spotifyGettingStarted', 'classical releases, whatever their track count, have the ReleaseType ClassicalAlbum (spotify-classical-type)'),
      avs('ReleaseType'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      type: 'Release {release} has the genre "{genre}" but the release type {types}; the store needs {expected} for classical releases.',
    },
    hint: 'Give the release the ReleaseType {expected} (whatever its track count).',
  },
  create(ctx) {
    const { genres = ['Classical'], releaseType = 'ClassicalAlbum' } = ctx.options as Options;
    const classical = new Set(genres.map((g) => g.toLowerCase()));
    return {
      'Message:exit'() {
        for (const release of releasesOfKind(ctx.message, (kind) => kind === 'main' || kind === 'other')) {
          const genre = release.genres.find((g) => (g.text && classical.has(g.text.trim().toLowerCase())) || (g.subGenre && classical.has(g.subGenre.trim().toLowerCase())));
          if (!genre || release.types.includes(releaseType)) continue;
          const reference = release.reference?.value ?? null;
          ctx.report({ messageId: 'type', loc: genre.loc, release: reference, data: { release: reference ?? '(no reference)', genre: genre.text ?? genre.subGenre ?? '', types: release.types.join(', ') || '(none)', expected: releaseType } });
        }
      },
    };
  },
});

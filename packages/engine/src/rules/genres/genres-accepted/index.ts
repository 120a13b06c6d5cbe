/**
 * Genres map to what the store accepts: the profile's genre list (the engine ships a default), or
 * from ERN 4.2 on DDEX's ClassifiedGenre / SubGenre values (read from the installed AVS). Unknown
 * genres are flagged with the nearest accepted names, since a store then files the release under
 * a fallback genre.
 */
import { defineRule } from '../../define.js';
import { avsForRule, NO_AVS_HINT, NO_AVS_MESSAGE } from '../../../avs/rule-access.js';
import { nearestValues } from '../../../avs/nearest.js';
import { matchGenre } from '../../../genres/genre-names.js';
import type { Genre } from '../../../ern/model.js';
import { avs, service, xsd } from '../../sources.js';

export default defineRule({
  id: 'genres-accepted',
  stage: 'genres',
  meta: {
    label: 'Genre accepted',
    description: 'Each genre of a release or track is in the profile\'s genre list or (4.2+) is a DDEX ClassifiedGenre/SubGenre value.',
    sources: [
      xsd('4.3', 'Genre/GenreCategory, Genre/SubGenreCategory'),
      avs('ClassifiedGenre, SubGenre'),
      service('Service profile `genres`: the genre list the stores of the service map.'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      unknownText: 'Genre "{genre}" is not one of the accepted genres{suggestion}.',
      unknownCategory: 'GenreCategory "{genre}" is not a DDEX ClassifiedGenre value{suggestion}.',
      unknownSubCategory: 'SubGenreCategory "{genre}" is not a DDEX SubGenre value{suggestion}.',
      noAvs: NO_AVS_MESSAGE,
    },
    hint: {
      unknownText: 'Use one of the store\'s genres (profile "genres"), e.g. {examples}.',
      unknownCategory: 'Use a value of the DDEX ClassifiedGenre allowed value set.',
      unknownSubCategory: 'Use a value of the DDEX SubGenre allowed value set.',
      noAvs: NO_AVS_HINT,
    },
  },
  create(ctx) {
    const suggestion = (value: string, candidates: Iterable<string>) => {
      const near = nearestValues(value, candidates);
      return near.length ? ` (nearest: ${near.map((n) => `"${n}"`).join(', ')})` : '';
    };
    const accepted = ctx.profile.genres;
    const usesAvs = ctx.version === '4.2' || ctx.version === '4.3';
    /** A genre with a category, or a text the profile lacks: only the allowed value sets can tell whether it is accepted. */
    const needsAvsFor = (genre: Genre) => !!(genre.category || genre.subCategory || (genre.text && accepted.length > 0 && !matchGenre(genre.text, accepted)));
    // Whether a genre needs them, found as releases and resources close (ctx.onRelease, ctx.onResource): no reading at message end.
    let needsAvs = false;
    if (usesAvs) {
      ctx.onRelease((release) => {
        if (!needsAvs) needsAvs = release.genres.some(needsAvsFor);
      });
      ctx.onResource((resource) => {
        if (!needsAvs) needsAvs = resource.genres.some(needsAvsFor);
      });
    }
    return {
      async 'Message:exit'() {
        // No genre with a category or a text the profile lacks: reading them would report nothing (genre keys ignore spaces, so trimming changes no match).
        if (usesAvs && !needsAvs) return;
        const message = ctx.message;
        // Each genre with its record; the record's reference is read only for a finding (every read decodes a record kept as bytes).
        // A loop with a callback rather than a generator or a list: a catalog message holds a million genres.
        type Owner = { reference?: { value: string } | null };
        const eachGenre = (visit: (genre: Genre, owner: Owner, isRelease: boolean) => void): void => {
          for (const r of message.releases) for (const g of r.genres) visit(g, r, true);
          for (const r of message.resources) for (const g of r.genres) visit(g, r, false);
        };
        const avs = needsAvs ? await avsForRule(ctx, 'genres') : null;
        const classified = avs?.get('classifiedGenre') ?? new Set<string>();
        const sub = avs?.get('subGenre') ?? new Set<string>();
        const seen = new Set<string>();
        eachGenre((genre, owner, isRelease) => {
          const where = () => {
            const ref = owner.reference?.value ?? null;
            return { loc: genre.loc, release: isRelease ? ref : null, resource: isRelease ? null : ref };
          };
          if (avs && genre.category && !classified.has(genre.category)) ctx.report({ ...where(), messageId: 'unknownCategory', data: { genre: genre.category, suggestion: suggestion(genre.category, classified) } });
          if (avs && genre.subCategory && !sub.has(genre.subCategory)) ctx.report({ ...where(), messageId: 'unknownSubCategory', data: { genre: genre.subCategory, suggestion: suggestion(genre.subCategory, sub) } });
          const text = genre.text?.trim();
          if (!text || accepted.length === 0 || matchGenre(text, accepted) || (avs && (matchGenre(text, classified) || matchGenre(text, sub)))) return;
          // One finding per distinct genre name: a 20-track album repeats it on every track.
          if (seen.has(text.toLowerCase())) return;
          seen.add(text.toLowerCase());
          ctx.report({ ...where(), messageId: 'unknownText', data: { genre: text, suggestion: suggestion(text, accepted), examples: accepted.slice(0, 4).join(', ') } });
        });
      },
    };
  },
});

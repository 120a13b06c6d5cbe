/**
 * Territory codes are DDEX allowed values: ISO 3166-1 alpha-2, the ISO 3166-2 and TIS codes DDEX
 * lists, and `Worldwide` (CurrentTerritoryCode of the message's AVS, read from the installed XSD set).
 */
import { defineRule } from '../../define.js';
import { avsForRule, NO_AVS_HINT, NO_AVS_MESSAGE } from '../../../avs/rule-access.js';
import { didYouMean } from '../../../avs/nearest.js';
import { territoryCollector } from '../territory-elements.js';
import { avs, iso } from '../../sources.js';

export default defineRule({
  id: 'territories-code-valid',
  stage: 'territories',
  meta: {
    label: 'Territory codes valid',
    description: 'Every TerritoryCode and ExcludedTerritoryCode is a DDEX territory code (ISO 3166-1 alpha-2, the ISO 3166-2 and TIS codes DDEX allows, or Worldwide).',
    sources: [
      avs('CurrentTerritoryCode, IsoTerritoryCode, TisTerritoryCode, DdexTerritoryCode'),
      iso('ISO 3166', 'ISO 3166-1:2020 alpha-2'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      unknown: '{element} "{code}" is not a DDEX territory code{suggestion}.',
      noAvs: NO_AVS_MESSAGE,
    },
    hint: {
      unknown: 'Use the two-letter ISO 3166-1 code in upper case (GB, not UK; US, not USA) or "Worldwide" (exactly so spelled).',
      noAvs: NO_AVS_HINT,
    },
  },
  create(ctx) {
    // A code is reported when neither current nor deprecated (a message without the current list reports none).
    const { handlers, found } = territoryCollector(ctx, (code, avs) => {
      const current = avs.get('territory');
      return current !== null && !current.has(code) && !avs.get('deprecatedTerritory')?.has(code);
    });
    return {
      ...handlers,
      async 'Message:exit'() {
        if (found.length === 0) return;
        const avs = await avsForRule(ctx, 'territory codes');
        if (!avs) return;
        const current = avs.get('territory');
        const deprecated = avs.get('deprecatedTerritory') ?? new Set<string>();
        if (!current) return;
        for (const f of found) {
          if (current.has(f.code) || deprecated.has(f.code)) continue;
          const upper = f.code.toUpperCase();
          const suggestion = current.has(upper) ? ` (did you mean "${upper}"?)` : f.code.toLowerCase() === 'worldwide' ? ' (did you mean "Worldwide"?)' : f.code === 'UK' ? ' (did you mean "GB"?)' : didYouMean(f.code, [...current].filter((c) => c.length === f.code.length));
          ctx.report({ messageId: 'unknown', loc: f.loc, release: f.release, data: { element: f.element, code: f.code, suggestion } });
        }
      },
    };
  },
});

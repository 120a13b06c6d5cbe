/** Deprecated ISO territory codes: the ISO 3166-3 four-letter codes of countries that no longer exist (ANHH Netherlands Antilles, CSXX Serbia and Montenegro, YUCS Yugoslavia...). */
import { defineRule } from '../../define.js';
import { avsForRule, NO_AVS_HINT, NO_AVS_MESSAGE } from '../../../avs/rule-access.js';
import { territoryCollector } from '../territory-elements.js';
import { avs, iso } from '../../sources.js';

export default defineRule({
  id: 'territories-code-deprecated',
  stage: 'territories',
  meta: {
    label: 'Deprecated territory codes',
    description: 'No territory code is one of the deprecated ISO codes DDEX keeps only for old data (DeprecatedIsoTerritoryCode).',
    sources: [
      avs('DeprecatedIsoTerritoryCode, AllTerritoryCode'),
      iso('ISO 3166', 'ISO 3166-3, formerly used codes'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      deprecated: '{element} "{code}" is a deprecated ISO 3166-3 code of a former country.',
      noAvs: NO_AVS_MESSAGE,
    },
    hint: {
      deprecated: 'Replace it with the current code(s) of that territory (ANHH became CW, SX and BQ; CSXX became RS and ME).',
      noAvs: NO_AVS_HINT,
    },
  },
  create(ctx) {
    // A code is reported when deprecated and not current.
    const { handlers, found } = territoryCollector(ctx, (code, avs) => Boolean(avs.get('deprecatedTerritory')?.has(code)) && !avs.get('territory')?.has(code));
    return {
      ...handlers,
      async 'Message:exit'() {
        if (found.length === 0) return;
        const avs = await avsForRule(ctx, 'deprecated territory codes');
        const deprecated = avs?.get('deprecatedTerritory');
        const current = avs?.get('territory');
        if (!deprecated) return;
        for (const f of found) {
          if (deprecated.has(f.code) && !current?.has(f.code)) ctx.report({ messageId: 'deprecated', loc: f.loc, release: f.release, data: { element: f.element, code: f.code } });
        }
      },
    };
  },
});

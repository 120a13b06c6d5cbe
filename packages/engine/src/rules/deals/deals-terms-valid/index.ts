/**
 * CommercialModelType and UseType values are DDEX allowed values of the message's version: from
 * 4.2 the narrower `_ERN` lists (no AsPerContract, no Unknown). `UserDefined` with its
 * `@UserDefinedValue` is always allowed. Values are read from the installed XSD set.
 */
import { defineRule, type FindingLocation } from '../../define.js';
import { avsForRule, avsOnceLoaded, NO_AVS_HINT, NO_AVS_MESSAGE } from '../../../avs/rule-access.js';
import { didYouMean } from '../../../avs/nearest.js';
import type { ClosedElement } from '../../../xml/events.js';
import { locate } from '../../../xml/pass-events.js';
import { avs } from '../../sources.js';

export default defineRule({
  id: 'deals-terms-valid',
  stage: 'deals',
  meta: {
    label: 'Commercial model and use types valid',
    description: 'Every CommercialModelType and UseType of a deal is an allowed value of the message\'s ERN version (or UserDefined).',
    sources: [
      avs('CommercialModelType (ERN 4), CommercialModelType_ERN (ERN 3)'),
      avs('UseType (ERN 4), UseType_ERN (ERN 3)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      unknown: '{element} "{value}" is not an allowed value in ERN {version}{suggestion}.',
      noAvs: NO_AVS_MESSAGE,
    },
    hint: {
      unknown: 'Use a value of the DDEX {element} list for ERN {version}, or UserDefined with UserDefinedValue and Namespace.',
      noAvs: NO_AVS_HINT,
    },
  },
  create(ctx) {
    // What is kept of each value (an element kept past its close would keep its ancestors too), in the kept list (as bytes for a large message: a catalog message has a deal per track).
    const found = ctx.keptList<{ name: string; text: string; loc: FindingLocation; list: 'commercialModel' | 'useType' }>();
    // Once the allowed values are loaded, only the values they do not allow are kept.
    const avs = avsOnceLoaded(ctx);
    const take = (list: 'commercialModel' | 'useType') => (el: ClosedElement) => {
      if (!el.bare.includes('/DealTerms/') || el.text === '') return;
      const known = avs();
      if (known) {
        const allowed = known.get(list);
        if (!allowed || allowed.has(el.text)) return;
      }
      found.push({ name: el.name, text: el.text, loc: locate(el), list });
    };
    return {
      CommercialModelType: take('commercialModel'),
      UseType: take('useType'),
      async 'Message:exit'() {
        if (found.length === 0) return;
        const avs = await avsForRule(ctx, 'commercial model and use types');
        if (!avs) return;
        for (const f of found) {
          const allowed = avs.get(f.list);
          if (!allowed || allowed.has(f.text)) continue;
          ctx.report({ messageId: 'unknown', loc: f.loc, release: null, data: { element: f.name, value: f.text, version: ctx.version, suggestion: didYouMean(f.text, allowed) } });
        }
      },
    };
  },
});

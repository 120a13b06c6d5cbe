/** Territory lists say one thing once: no duplicates, no Worldwide mixed with single countries, no excluded Worldwide. */
import { defineRule } from '../../define.js';
import { numbersWhere } from '../../record-notes.js';
import type { Located } from '../../../ern/model.js';
import { WORLD } from '../../../territories/coverage.js';
import { dealTypes, xsd } from '../../sources.js';

export default defineRule({
  id: 'territories-list-consistent',
  stage: 'territories',
  meta: {
    label: 'Territory lists consistent',
    description: 'A deal\'s territory list names each territory once, does not mix Worldwide with single territories, and does not exclude Worldwide.',
    sources: [
      xsd('4.3', 'DealTerms/TerritoryCode or DealTerms/ExcludedTerritoryCode (a choice)'),
      dealTypes('territorial scope of a deal'),
    ],
    versions: 'all',
    severity: 'warn',
    messages: {
      duplicate: '{element} "{code}" is listed twice in the same deal.',
      worldwideMixed: 'The deal lists Worldwide together with {others}; Worldwide already includes them.',
      excludedWorldwide: 'The deal excludes Worldwide, so it applies in no territory.',
    },
    hint: {
      duplicate: 'List each territory once.',
      worldwideMixed: 'Send TerritoryCode Worldwide alone, or list only the territories meant; to leave some out use ExcludedTerritoryCode.',
      excludedWorldwide: 'List the territories where the release may be sold (TerritoryCode), or exclude only specific ones.',
    },
  },
  create(ctx) {
    const checkList = (codes: Located[], element: string, release: string | null) => {
      const seen = new Set<string>();
      for (const c of codes) {
        if (seen.has(c.value)) ctx.report({ messageId: 'duplicate', loc: c, release, data: { element, code: c.value } });
        seen.add(c.value);
      }
      if (element === 'TerritoryCode') {
        const world = codes.find((c) => WORLD.has(c.value));
        const others = codes.filter((c) => !WORLD.has(c.value));
        if (world && others.length > 0) ctx.report({ messageId: 'worldwideMixed', loc: world, release, data: { others: others.map((c) => c.value).join(', ') } });
      } else {
        const world = codes.find((c) => WORLD.has(c.value));
        if (world) ctx.report({ messageId: 'excludedWorldwide', loc: world, release });
      }
    };
    /** Whether a list names a code twice, or the world beside other codes (or as an exclusion). */
    const wrong = (codes: Located[], excluded: boolean) => {
      if (codes.length === 0) return false;
      if (codes.some((c) => WORLD.has(c.value)) && (excluded || codes.some((c) => !WORLD.has(c.value)))) return true;
      return codes.length > 1 && new Set(codes.map((c) => c.value)).size < codes.length;
    };
    // Deals with a list to report, found as they close (ctx.onDeal), reported at message end.
    const flagged = numbersWhere(ctx.onDeal, (deal) => wrong(deal.territories, false) || wrong(deal.excludedTerritories, true));
    return {
      'Message:exit'() {
        for (const n of flagged) {
          const deal = ctx.message.deals.at(n)!;
          const release = deal.releaseReferences[0]?.value ?? null;
          checkList(deal.territories, 'TerritoryCode', release);
          checkList(deal.excludedTerritories, 'ExcludedTerritoryCode', release);
        }
      },
    };
  },
});

/**
 * A release must be sold somewhere the service sells: the union of its deals' territories meets
 * the profile's territories (`Worldwide` = any). A deal without any territory sells nowhere.
 */
import { defineRule } from '../../define.js';
import { describeCoverage } from '../../../territories/coverage.js';
import { offeredInAny, resolveRelease } from '../../../deals/resolve.js';
import { productReleases, releaseName } from '../../release/release-contents.js';
import { numbersWhere } from '../../record-notes.js';
import { service, xsd } from '../../sources.js';

export default defineRule({
  id: 'territories-sold-somewhere',
  stage: 'territories',
  meta: {
    label: 'Sold in some territory',
    description: 'Each release with deals is sold in at least one territory the service sells in, and every deal names its territories.',
    sources: [
      xsd('4.3', 'DealTerms/TerritoryCode'),
      service('Service profile `territories`: a release sold only where the service does not sell is never available.'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      unsold: 'Release {release} is sold in no territory this service sells in (deals: {dealTerritories}; service: {serviceTerritories}).',
      noTerritory: 'This deal names no territory (neither TerritoryCode nor ExcludedTerritoryCode), so it applies nowhere.',
    },
    hint: {
      unsold: 'Add a deal for the service\'s territories, or check TerritoryCode / ExcludedTerritoryCode of the deals.',
      noTerritory: 'Add TerritoryCode (e.g. Worldwide) or ExcludedTerritoryCode to the deal terms.',
    },
  },
  create(ctx) {
    // Deals in force that name no territory, noted as they close (ctx.onDeal).
    const nowhere = numbersWhere(ctx.onDeal, (deal) => !(deal.takeDown || deal.allDealsCancelled) && deal.territories.length === 0 && deal.excludedTerritories.length === 0);
    return {
      'Message:exit'() {
        const m = ctx.message;
        for (const n of nowhere) {
          const deal = m.deals.at(n)!;
          ctx.report({ messageId: 'noTerritory', loc: deal.loc, release: deal.releaseReferences[0]?.value ?? null });
        }
        const service = ctx.profile.territories.length ? ctx.profile.territories : ['Worldwide'];
        // The product releases (worked out once for the rules), not every track release of a catalog.
        for (const release of productReleases(m)) {
          if (!release.reference) continue;
          // The resolution the availability view gives (deals/resolve.ts): takedowns are deals-takedown's.
          const deals = resolveRelease(m, release.reference.value);
          if (deals.offers.length === 0) continue; // no deal at all is deals-release-covered's finding
          if (offeredInAny(deals, service)) continue;
          const coverages = deals.offers.map((o) => o.coverage);
          ctx.report({
            messageId: 'unsold',
            loc: release.loc,
            release: release.reference.value,
            data: { release: releaseName(release, ctx.message), dealTerritories: [...new Set(coverages.map(describeCoverage))].join('; '), serviceTerritories: service.join(', ') },
          });
        }
      },
    };
  },
});

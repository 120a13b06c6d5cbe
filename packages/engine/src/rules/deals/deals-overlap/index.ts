/**
 * Conflicting deals: two deals of one release that grant the same use type under the same
 * commercial model, in a common territory, at the same time. The store cannot tell which terms
 * (price, dates) apply. A deal that ends the day the next one starts is a handover. Deals for
 * different distribution channels (3.x DistributionChannelType; 4.x DistributionChannel parties,
 * where a deal naming a channel overrides the general one) do not conflict.
 */
import { defineRule } from '../../define.js';
import type { Deal } from '../../../ern/model.js';
import { indexMessage } from '../../../ern/index-of-message.js';
import { overlaps } from '../../../territories/coverage.js';
import { periodsOverlap } from '../../../deals/deal-periods.js';
import { resolveDeals, type Offer } from '../../../deals/resolve.js';
import { dealTypes, ernMessageSuite } from '../../sources.js';

export default defineRule({
  id: 'deals-overlap',
  stage: 'deals',
  meta: {
    label: 'Deals do not conflict',
    description: 'No two deals of a release grant the same use type under the same commercial model in a common territory during a common period.',
    sources: [
      ernMessageSuite('Deals are cumulative: two deals granting the same use in one territory and period contradict each other'),
      dealTypes('one deal per commercial model and use type'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      conflict: 'Two deals for release {release} both grant {useTypes} under {models} in overlapping territories and periods (deals at lines {firstLine} and {secondLine}).',
    },
    hint: 'Merge the two deals, or make their territories or validity periods disjoint (end one the day before the other starts).',
  },
  create(ctx) {
    const common = (a: string[], b: string[]) => a.filter((x) => b.includes(x));
    // 4.x DistributionChannel parties by the line of their Deal element (the model keeps only 3.x channel types).
    const channelParties = new Map<number, Set<string>>();
    let dealLine = 0;
    const lineOf = (d: Deal) => ctx.message.locations.line(d.loc);
    const channelsOf = (d: Deal) => [...d.distributionChannels, ...(channelParties.get(lineOf(d)) ?? [])];
    const sameChannels = (a: Deal, b: Deal) => {
      const [x, y] = [channelsOf(a), channelsOf(b)];
      if (x.length === 0 && y.length === 0) return true;
      if (x.length === 0 || y.length === 0) return false; // a channel-specific deal overrides the general one
      return common(x, y).length > 0;
    };
    const channel = (el: { text: string; bare: string }) => {
      if (!el.bare.includes('/DealTerms/DistributionChannel/') || el.text === '') return;
      channelParties.set(dealLine, (channelParties.get(dealLine) ?? new Set()).add(el.text));
    };
    /** A deal in force as an offer (its number is not needed here). */
    const offerOf = (deal: Deal): Offer => resolveDeals([{ deal, n: -1 }]).offers[0];
    /** Reports each pair of `deals` (of one release) in force at once for the same uses, models, channels, territories and dates. */
    function compare(release: string, deals: Deal[], reported: Set<string>): void {
      for (let i = 0; i < deals.length; i++) {
        for (let j = i + 1; j < deals.length; j++) {
          const [a, b] = [deals[i], deals[j]];
          if ((a.isPreOrder ?? false) !== (b.isPreOrder ?? false) || !sameChannels(a, b)) continue;
          const useTypes = common(a.useTypes, b.useTypes);
          const models = common(a.commercialModels, b.commercialModels);
          if (useTypes.length === 0 || models.length === 0) continue;
          // Where and when each deal offers, as the availability view resolves it (deals/resolve.ts).
          const [x, y] = [offerOf(a), offerOf(b)];
          if (!overlaps(x.coverage, y.coverage)) continue;
          const periods = x.periods.some((p) => p.interval && y.periods.some((q) => q.interval && periodsOverlap(p.interval!, q.interval)));
          if (!periods) continue;
          const key = `${lineOf(a)}:${lineOf(b)}`;
          if (reported.has(key)) continue;
          reported.add(key);
          ctx.report({ messageId: 'conflict', loc: b.loc, release, data: { release, useTypes: useTypes.join(', '), models: models.join(', '), firstLine: lineOf(a), secondLine: lineOf(b) } });
        }
      }
    }
    return {
      'ReleaseDeal/Deal:enter'(el) {
        dealLine = el.line;
      },
      'DistributionChannel/PartyId/ProprietaryId': channel,
      'DistributionChannel/PartyId/DPID': channel,
      'DistributionChannel/PartyName/FullName': channel,
      'DistributionChannel/TradingName': channel,
      'Message:exit'() {
        // Each release's deals by number, from the message's index: not a map of every release to its deals (400,000 of each at 1 GB).
        const index = indexMessage(ctx.message);
        const all = ctx.message.deals;
        const inForce = (n: number) => {
          const d = all.at(n)!;
          return !(d.takeDown || d.allDealsCancelled);
        };
        const reported = new Set<string>();
        // Only deals naming a release another deal names too can conflict: no deal is read when each release has its own.
        for (const n of index.dealsSharingRelease()) {
          const deal = all.at(n)!;
          if (deal.takeDown || deal.allDealsCancelled) continue;
          // A release named twice by one deal counts once; a deal naming one release (a deal per track release) makes no set.
          const refs = deal.releaseReferences;
          for (const release of refs.length === 1 ? [refs[0].value] : new Set(refs.map((r) => r.value))) {
            const numbers = index.dealNumbersOfRelease(release);
            // A release named by one deal has nothing to compare; else it is compared once, at the first deal in force that names it.
            if (numbers.length < 2) continue;
            const at = numbers.indexOf(n);
            if (numbers.slice(0, at).some(inForce)) continue;
            const deals = [deal, ...numbers.slice(at + 1).filter(inForce).map((k) => all.at(k)!)];
            compare(release, deals, reported);
          }
        }
      },
    };
  },
});

/**
 * The availability question answered for one release: is it offered in a territory on a day, and
 * how (use type x commercial model, with the offer's period and price)? When it is not, the reason:
 * a takedown, an offer that ended, one that starts later, or none for that territory.
 */
import type { Price } from '../ern/model.js';
import { offersIn, periodHolds, takedownIn, viaRegion, type Offer, type ReleaseDeals } from '../deals/resolve.js';

export interface UseOut {
  use_type: string | null;
  commercial_model: string | null;
  from: string | null;
  until: string | null;
  price: PriceOut | null;
  pre_order: boolean;
  /** The TIS region code through which the offer may include the territory (its members are not enumerated). */
  via_region?: string;
}

export interface PriceOut {
  code: string | null;
  range: string | null;
  wholesale: { amount: string; currency: string | null } | null;
  suggested_retail: { amount: string; currency: string | null } | null;
}

export type ReasonKind = 'takedown' | 'expired' | 'not_yet' | 'not_offered' | 'no_deal';

export interface Answer {
  available: boolean;
  uses: UseOut[];
  reason?: { kind: ReasonKind; text: string };
}

export function priceOut(prices: readonly Price[]): PriceOut | null {
  const p = prices[0];
  return p ? { code: p.code, range: p.range, wholesale: p.wholesale, suggested_retail: p.retail } : null;
}

/** The uses an offer grants in the period that holds on `day` (every period when `day` is null). */
export function usesOf(offer: Offer, day: number | null, territory: string | null): UseOut[] {
  const out: UseOut[] = [];
  const region = territory ? viaRegion(offer.coverage, territory) : null;
  const uses = offer.useTypes.length ? offer.useTypes : [null];
  const models = offer.commercialModels.length ? offer.commercialModels : [null];
  for (const period of offer.periods) {
    if (day !== null && !periodHolds(period, day)) continue;
    for (const use_type of uses)
      for (const commercial_model of models) {
        const use: UseOut = { use_type, commercial_model, from: period.from, until: period.until, price: priceOut(offer.prices), pre_order: offer.preOrder };
        if (region) use.via_region = region;
        out.push(use);
      }
  }
  return out;
}

/** Is the release available in `territory` (`Worldwide`: anywhere) on `day` (a day number)? */
export function answerFor(deals: ReleaseDeals, territory: string, day: number, dayText: string): Answer {
  if (deals.offers.length === 0 && deals.takedowns.length === 0) return { available: false, uses: [], reason: { kind: 'no_deal', text: 'the release has no deal' } };
  const takedown = takedownIn(deals, territory, day);
  if (takedown) {
    const text = takedown.kind === 'takeDown' ? 'taken down (TakeDown deal)' : 'all deals cancelled (AllDealsCancelled)';
    return { available: false, uses: [], reason: { kind: 'takedown', text } };
  }
  const live = offersIn(deals, territory, day);
  if (live.length > 0) return { available: true, uses: dedupe(live.flatMap((o) => usesOf(o, day, territory))) };
  const here = offersIn(deals, territory, null);
  let where = territory === 'Worldwide' ? 'any territory' : territory;
  if (here.length === 0) return { available: false, uses: [], reason: { kind: 'not_offered', text: `no deal offers it in ${where}` } };
  // Offers that name the territory only through a TIS region (members not enumerated) say so.
  const regions = [...new Set(here.map((o) => viaRegion(o.coverage, territory)))];
  if (regions.every((r) => r !== null)) where += ` (through TIS region ${regions.join(', ')})`;
  const periods = here.flatMap((o) => o.periods).filter((p) => p.interval !== null);
  const later = periods.filter((p) => p.interval!.start > day).map((p) => p.from ?? '').sort();
  const ended = periods.filter((p) => p.interval!.end < day).map((p) => p.until ?? '').sort();
  if (later.length > 0) {
    // A later offer is what the user needs to know; an ended one is said too.
    const text = `offered in ${where} from ${later[0]}` + (ended.length ? ` (the previous deal ended on ${ended[ended.length - 1]})` : ` (not on ${dayText})`);
    return { available: false, uses: [], reason: { kind: 'not_yet', text } };
  }
  if (ended.length > 0) return { available: false, uses: [], reason: { kind: 'expired', text: `the deal for ${where} ended on ${ended[ended.length - 1]}` } };
  return { available: false, uses: [], reason: { kind: 'not_offered', text: `no readable validity period for ${where}` } };
}

function dedupe(uses: UseOut[]): UseOut[] {
  const seen = new Set<string>();
  return uses.filter((u) => {
    const key = JSON.stringify(u);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

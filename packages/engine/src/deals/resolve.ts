/**
 * What a release's deals offer, resolved once for every consumer: the deal rules
 * (deals-takedown, territories-sold-somewhere, deals-overlap) and the availability view ask this
 * module, so they cannot disagree. A release's deals split into offers (deals in force: where,
 * which uses under which commercial models, when, at what price) and takedowns (3.x TakeDown /
 * AllDealsCancelled, which remove the release where they apply). Dates are compared by calendar
 * day (a date-time counts for its day); an end date is the last day of the offer.
 */
import type { Deal, ErnMessage, Price } from '../ern/model.js';
import { indexMessage } from '../ern/index-of-message.js';
import { coverageOf, covers, WORLD, type Coverage } from '../territories/coverage.js';
import { intervalsOf, type Interval } from './deal-periods.js';

/** A validity period as written and as day numbers; `interval` null when a date cannot be read (deals-validity-period reports it). */
export interface OfferPeriod {
  from: string | null;
  until: string | null;
  interval: Interval | null;
}

export interface Offer {
  /** The deal's number in the message's deal list. */
  deal: number;
  coverage: Coverage;
  useTypes: string[];
  commercialModels: string[];
  distributionChannels: string[];
  periods: OfferPeriod[];
  preOrder: boolean;
  preOrderReleaseDate: string | null;
  prices: Price[];
}

export interface Takedown {
  deal: number;
  kind: 'takeDown' | 'allDealsCancelled';
  /** Where it applies; a takedown naming no territory applies everywhere. */
  coverage: Coverage;
  periods: OfferPeriod[];
}

export interface ReleaseDeals {
  offers: Offer[];
  takedowns: Takedown[];
}

const EVERYWHERE: Coverage = { kind: 'allExcept', codes: new Set() };

function periodsOf(deal: Deal): OfferPeriod[] {
  const intervals = intervalsOf(deal);
  if (deal.validity.length === 0) return [{ from: null, until: null, interval: intervals[0] }];
  return deal.validity.map((v, i) => ({ from: v.start, until: v.end, interval: intervals[i] }));
}

/** Resolves deals given with their numbers (one release's, as the message's index lists them). */
export function resolveDeals(deals: Iterable<{ deal: Deal; n: number }>): ReleaseDeals {
  const out: ReleaseDeals = { offers: [], takedowns: [] };
  for (const { deal, n } of deals) {
    const periods = periodsOf(deal);
    if (deal.takeDown || deal.allDealsCancelled) {
      const coverage = coverageOf(deal);
      out.takedowns.push({ deal: n, kind: deal.takeDown ? 'takeDown' : 'allDealsCancelled', coverage: coverage.kind === 'none' ? EVERYWHERE : coverage, periods });
      continue;
    }
    out.offers.push({
      deal: n,
      coverage: coverageOf(deal),
      useTypes: deal.useTypes,
      commercialModels: deal.commercialModels,
      distributionChannels: deal.distributionChannels,
      periods,
      preOrder: deal.isPreOrder === true,
      preOrderReleaseDate: deal.preOrderReleaseDate,
      prices: deal.prices ?? [],
    });
  }
  return out;
}

/** The deals of the release with local reference `reference`, resolved. */
export function resolveRelease(message: ErnMessage, reference: string): ReleaseDeals {
  const numbers = indexMessage(message).dealNumbersOfRelease(reference);
  return resolveDeals(Array.from(numbers, (n) => ({ deal: message.deals.at(n)!, n })));
}

/** Does a period hold on `day` (a day number)? An unreadable period holds never. */
export function periodHolds(period: OfferPeriod, day: number): boolean {
  const i = period.interval;
  return i !== null && i.start <= day && day <= i.end;
}

/** Is `territory` (an ISO/TIS code, or `Worldwide` for "anywhere") in the coverage? A TIS region code covers it only possibly: see `viaRegion`. */
export const coversTerritory = covers;

/** The TIS region codes (four digits, not World) through which a coverage may include a territory: their members are not enumerated. */
export function viaRegion(coverage: Coverage, territory: string): string | null {
  if (coverage.kind !== 'only' || coverage.codes.has(territory) || WORLD.has(territory)) return null;
  for (const c of coverage.codes) if (/^\d{4}$/.test(c) && !WORLD.has(c)) return c;
  return null;
}

/** The takedown that removes the release in `territory` on `day` (`day` null: at any time), if any. */
export function takedownIn(deals: ReleaseDeals, territory: string, day: number | null): Takedown | null {
  return deals.takedowns.find((t) => covers(t.coverage, territory) && (day === null || t.periods.some((p) => p.interval === null || periodHolds(p, day)))) ?? null;
}

/** Offers that include `territory` (or that could, through a region), in force on `day` (null: at any time). */
export function offersIn(deals: ReleaseDeals, territory: string, day: number | null): Offer[] {
  return deals.offers.filter((o) => covers(o.coverage, territory) && (day === null || o.periods.some((p) => periodHolds(p, day))));
}

/**
 * Whether every offer of the release has ended before `day`, and the last end date written. An
 * offer with an open end or an unreadable date has not ended. `ended` is false without offers.
 */
export function allOffersEnded(deals: ReleaseDeals, day: number): { ended: boolean; lastEnd: string } {
  if (deals.offers.length === 0) return { ended: false, lastEnd: '' };
  const periods = deals.offers.flatMap((o) => o.periods);
  const ended = periods.every((p) => p.interval !== null && p.interval.end < day);
  const lastEnd = periods.map((p) => p.until ?? '').sort().pop() ?? '';
  return { ended, lastEnd };
}

/** Is the release offered (at any time) in one of `territories`? */
export function offeredInAny(deals: ReleaseDeals, territories: readonly string[]): boolean {
  return territories.some((t) => offersIn(deals, t, null).length > 0);
}

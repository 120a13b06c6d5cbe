/**
 * The availability view of a message: every release with its deals resolved (deals/resolve.ts,
 * the resolution the deal rules use), as a table of territory x use x commercial model x period,
 * or as the answer to "is it available in this territory on this day?".
 */
import type { ErnMessage, Release } from '../ern/model.js';
import { describeCoverage, type Coverage } from '../territories/coverage.js';
import { resolveRelease, type ReleaseDeals } from '../deals/resolve.js';
import { dayNumber, parseIsoDate } from '../codes/iso-date.js';
import { answerFor, priceOut, type Answer, type PriceOut } from './answer.js';
import { idsOut, titleOf, type ReleaseIdsOut } from './release-facts.js';

export interface ReleaseView {
  reference: string | null;
  kind: Release['kind'];
  ids: ReleaseIdsOut;
  title: string | null;
  release_date: string | null;
  deals: ReleaseDeals;
}

export interface TerritoriesOut {
  included: string[];
  excluded: string[];
  /** `Worldwide except DE, FR`, `DE, AT`. */
  text: string;
}

export interface OfferRow {
  deal: number;
  territories: TerritoriesOut;
  use_type: string | null;
  commercial_model: string | null;
  from: string | null;
  until: string | null;
  pre_order: boolean;
  pre_order_release_date: string | null;
  price: PriceOut | null;
}

export interface TakedownRow {
  deal: number;
  kind: 'takeDown' | 'allDealsCancelled';
  territories: TerritoriesOut;
  from: string | null;
  until: string | null;
}

export interface ReleaseTable {
  reference: string | null;
  ids: ReleaseIdsOut;
  title: string | null;
  release_date: string | null;
  offers: OfferRow[];
  takedowns: TakedownRow[];
}

export interface ReleaseAnswer extends Answer {
  reference: string | null;
  ids: ReleaseIdsOut;
  title: string | null;
}

/** Every release of the message in order, with its deals resolved. */
export function* releaseViews(message: ErnMessage): Generator<ReleaseView> {
  for (const release of message.releases) {
    yield {
      reference: release.reference?.value ?? null,
      kind: release.kind,
      ids: idsOut(release.ids),
      title: titleOf(release),
      release_date: release.releaseDate?.value ?? null,
      deals: release.reference ? resolveRelease(message, release.reference.value) : { offers: [], takedowns: [] },
    };
  }
}

function territoriesOut(coverage: Coverage): TerritoriesOut {
  if (coverage.kind === 'none') return { included: [], excluded: [], text: describeCoverage(coverage) };
  if (coverage.kind === 'only') return { included: [...coverage.codes], excluded: [], text: describeCoverage(coverage) };
  return { included: ['Worldwide'], excluded: [...coverage.codes], text: describeCoverage(coverage) };
}

/** The release's table: a row per offered territory set x use type x commercial model x period, then its takedowns. */
export function tableOf(view: ReleaseView): ReleaseTable {
  const offers: OfferRow[] = [];
  for (const o of view.deals.offers) {
    const territories = territoriesOut(o.coverage);
    const uses = o.useTypes.length ? o.useTypes : [null];
    const models = o.commercialModels.length ? o.commercialModels : [null];
    for (const p of o.periods)
      for (const use_type of uses)
        for (const commercial_model of models)
          offers.push({ deal: o.deal, territories, use_type, commercial_model, from: p.from, until: p.until, pre_order: o.preOrder, pre_order_release_date: o.preOrderReleaseDate, price: priceOut(o.prices) });
  }
  const takedowns = view.deals.takedowns.flatMap((t) => t.periods.map((p) => ({ deal: t.deal, kind: t.kind, territories: territoriesOut(t.coverage), from: p.from, until: p.until })));
  return { reference: view.reference, ids: view.ids, title: view.title, release_date: view.release_date, offers, takedowns };
}

/** `--on` as a day number, or null when it is not a full calendar date (YYYY-MM-DD). */
export function dayOf(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = parseIsoDate(text);
  return date ? dayNumber(date) : null;
}

export function answerOf(view: ReleaseView, territory: string, day: number, dayText: string): ReleaseAnswer {
  return { reference: view.reference, ids: view.ids, title: view.title, ...answerFor(view.deals, territory, day, dayText) };
}

/** A PurgeReleaseMessage's releases (by identifiers): removed from the catalog, offered nowhere. */
export function purgedOf(message: ErnMessage): { ids: ReleaseIdsOut; title: string | null }[] {
  return message.purgedReleases.map((p) => ({ ids: idsOut(p.ids), title: titleOf(p) }));
}

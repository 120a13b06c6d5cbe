/**
 * What changed in a release's deals between two messages, on their resolution (deals/resolve.ts):
 * offer rows added, removed or changed, and the changes named as a partner says them: a deal that
 * ends ("no longer offered in DE from 2026-12-01"), a territory that leaves, a takedown, a price
 * change. Deals have no identifier: rows are matched by territories, use type, commercial model
 * and start, so reordered deals and renumbered references change nothing.
 */
import type { OfferRow, TakedownRow } from '../availability/view.js';
import type { Offer, ReleaseDeals } from '../deals/resolve.js';
import { describeCoverage, type Coverage } from '../territories/coverage.js';
import type { TerritoryUniverse } from '../territories/universe.js';
import { parseIsoDate } from '../codes/iso-date.js';

export interface RowChange {
  kind: 'added' | 'removed' | 'changed';
  old: OfferRow | TakedownRow | null;
  new: OfferRow | TakedownRow | null;
}

const territoryKey = (r: { territories: OfferRow['territories'] }) => `${[...r.territories.included].sort().join(',')}-${[...r.territories.excluded].sort().join(',')}`;
const offerKey = (r: OfferRow) => `${territoryKey(r)}|${r.use_type}|${r.commercial_model}|${r.from}`;
const takedownKey = (r: TakedownRow) => `${territoryKey(r)}|${r.kind}|${r.from}`;
/** A row without its deal's position (the position is the message's order, not content). */
const content = <T extends { deal: number }>(r: T): Omit<T, 'deal'> => {
  const { deal: _deal, ...rest } = r;
  return rest;
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function byKey<T>(rows: T[], key: (r: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const r of rows) if (!out.has(key(r))) out.set(key(r), r);
  return out;
}

/** Offer and takedown rows added, removed or changed. */
export function rowChanges(old: { offers: OfferRow[]; takedowns: TakedownRow[] }, now: { offers: OfferRow[]; takedowns: TakedownRow[] }): RowChange[] {
  const out: RowChange[] = [];
  const pair = <T extends OfferRow | TakedownRow>(a: T[], b: T[], key: (r: T) => string) => {
    const [ka, kb] = [byKey(a, key), byKey(b, key)];
    for (const [k, r] of ka) {
      const n = kb.get(k);
      if (!n) out.push({ kind: 'removed', old: r, new: null });
      else if (!same(content(r), content(n))) out.push({ kind: 'changed', old: r, new: n });
    }
    for (const [k, r] of kb) if (!ka.has(k)) out.push({ kind: 'added', old: null, new: r });
  };
  pair(old.offers, now.offers, offerKey);
  pair(old.takedowns, now.takedowns, takedownKey);
  return out;
}

/** The day after a date (or a date-time's day), written YYYY-MM-DD. */
export function dayAfter(text: string): string {
  const d = parseIsoDate(text);
  if (!d || d.month === null || d.day === null) return `after ${text}`;
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return next.toISOString().slice(0, 10);
}

function union(coverages: Coverage[]): Coverage {
  const open = coverages.filter((c): c is Extract<Coverage, { kind: 'allExcept' }> => c.kind === 'allExcept');
  const listed = new Set(coverages.flatMap((c) => (c.kind === 'only' ? [...c.codes] : [])));
  if (open.length === 0) return listed.size ? { kind: 'only', codes: listed } : { kind: 'none' };
  const excluded = [...open[0].codes].filter((c) => open.every((o) => o.codes.has(c)) && !listed.has(c));
  return { kind: 'allExcept', codes: new Set(excluded) };
}

/** The territories in `old` and not in `now`, as a text; null when none leave. */
export function territoriesLeaving(old: Coverage, now: Coverage, universe: TerritoryUniverse | null): string | null {
  if (old.kind === 'none') return null;
  if (now.kind === 'none') return describeCoverage(old);
  let codes: string[];
  if (old.kind === 'only' && now.kind === 'only') codes = [...old.codes].filter((c) => !now.codes.has(c));
  else if (old.kind === 'allExcept' && now.kind === 'allExcept') codes = [...now.codes].filter((c) => !old.codes.has(c));
  else if (old.kind === 'only' && now.kind === 'allExcept') codes = [...old.codes].filter((c) => now.codes.has(c));
  else {
    // Worldwide (less some) before, a list now: every other country leaves.
    const kept = (now as Extract<Coverage, { kind: 'only' }>).codes;
    if (!universe) return `every territory except ${[...kept, ...[...(old as Extract<Coverage, { kind: 'allExcept' }>).codes].map((c) => `(${c})`)].sort().join(', ')}`;
    codes = [...universe.expand(old)].filter((c) => !kept.has(c));
  }
  return codes.length ? codes.sort().join(', ') : null;
}

const useOf = (o: Offer) => {
  const uses = o.useTypes.length ? o.useTypes : ['(any use)'];
  const models = o.commercialModels.length ? o.commercialModels : ['(any model)'];
  return uses.flatMap((u) => models.map((m) => `${u}/${m}`));
};

/** Latest end of offers granting `use` (null: open). */
function lastEnd(offers: Offer[]): { text: string | null; day: number } {
  let best: { text: string | null; day: number } = { text: null, day: -Infinity };
  for (const o of offers)
    for (const p of o.periods) {
      const day = p.interval?.end ?? Infinity;
      if (day > best.day) best = { text: p.until, day };
    }
  return best;
}

/** Most territories named as leaving before the sentence says where the release is offered instead. */
const LISTED_LEAVING = 12;

/** The summary lines of a release's deal changes. */
export function dealNotes(release: string, old: ReleaseDeals, now: ReleaseDeals, rows: RowChange[], universe: TerritoryUniverse | null): string[] {
  const notes: string[] = [];
  const uses = new Set([...old.offers, ...now.offers].flatMap(useOf));
  // Territories that leave, and deals that end, per use; the same words for several uses are said once.
  const said = new Map<string, string[]>();
  const say = (text: string, use: string) => said.set(text, [...(said.get(text) ?? []), use]);
  for (const use of uses) {
    const before = old.offers.filter((o) => useOf(o).includes(use));
    const after = now.offers.filter((o) => useOf(o).includes(use));
    const [was, is] = [union(before.map((o) => o.coverage)), union(after.map((o) => o.coverage))];
    if (before.length === 0) {
      say(`newly offered in ${describeCoverage(is)}`, use);
      continue;
    }
    const joining = after.length ? territoriesLeaving(is, was, universe) : null;
    if (joining && !(is.kind === 'allExcept' && was.kind === 'only') && joining.split(', ').length <= LISTED_LEAVING) say(`now also offered in ${joining}`, use);
    const leaving = territoriesLeaving(was, is, universe);
    // A long list of countries leaving reads better as where it is offered now.
    if (leaving && is.kind !== 'none' && (leaving.split(', ').length > LISTED_LEAVING || (was.kind === 'allExcept' && is.kind === 'only'))) say(`now offered only in ${describeCoverage(is)} (was ${describeCoverage(was)})`, use);
    else if (leaving) say(`no longer offered in ${leaving}`, use);
    if (after.length === 0) continue;
    const [a, b] = [lastEnd(before), lastEnd(after)];
    if (b.day < a.day && b.text) say(`no longer offered in ${describeCoverage(union(after.map((o) => o.coverage)))} from ${dayAfter(b.text)}`, use);
    else if (b.day > a.day && a.text) say(`offered in ${describeCoverage(union(after.map((o) => o.coverage)))} ${b.text ? `until ${b.text}` : 'with no end date'} (was until ${a.text})`, use);
  }
  for (const [text, forUses] of said) notes.push(`${release}: ${text}${forUses.length === uses.size ? '' : ` (${forUses.join(', ')})`}`);
  for (const r of rows) {
    if (r.kind === 'added' && r.new && 'kind' in r.new) notes.push(`${release}: taken down in ${r.new.territories.text}${r.new.from ? ` from ${r.new.from}` : ''}${r.new.kind === 'allDealsCancelled' ? ' (all deals cancelled)' : ''}`);
    if (r.kind === 'changed' && r.old && r.new && 'price' in r.old && 'price' in r.new && !same(r.old.price, r.new.price)) {
      notes.push(`${release}: price changed for ${r.new.use_type ?? '(any use)'}/${r.new.commercial_model ?? '(any model)'} in ${r.new.territories.text}: ${priceWords(r.old.price)} -> ${priceWords(r.new.price)}`);
    }
  }
  if (old.offers.length > 0 && now.offers.length === 0 && now.takedowns.length === 0) notes.push(`${release}: no deal any more`);
  return notes;
}

function priceWords(p: OfferRow['price']): string {
  if (!p) return 'none';
  return [p.code, p.range, p.wholesale ? `wholesale ${p.wholesale.amount} ${p.wholesale.currency ?? ''}`.trim() : null, p.suggested_retail ? `retail ${p.suggested_retail.amount} ${p.suggested_retail.currency ?? ''}`.trim() : null].filter(Boolean).join(', ');
}

/**
 * Where a deal sells: its included territory list, or everywhere except its excluded list.
 * `Worldwide` and TIS 2136 ("World") stand for every territory. TIS region codes other than 2136
 * are treated as covering something we cannot enumerate, so they never make a release "unsold".
 */
import type { Deal } from '../ern/model.js';

export const WORLD = new Set(['Worldwide', '2136']);

export type Coverage = { kind: 'none' } | { kind: 'only'; codes: Set<string> } | { kind: 'allExcept'; codes: Set<string> };

export function coverageOf(deal: Deal): Coverage {
  const included = deal.territories.map((t) => t.value.trim()).filter(Boolean);
  const excluded = deal.excludedTerritories.map((t) => t.value.trim()).filter(Boolean);
  if (included.some((c) => WORLD.has(c))) return { kind: 'allExcept', codes: new Set(excluded) };
  if (included.length > 0) return { kind: 'only', codes: new Set(included) };
  if (excluded.length > 0) return excluded.some((c) => WORLD.has(c)) ? { kind: 'none' } : { kind: 'allExcept', codes: new Set(excluded) };
  return { kind: 'none' };
}

/** Does the coverage include `territory` (an ISO/TIS code, or `Worldwide` meaning "anywhere at all")? */
export function covers(coverage: Coverage, territory: string): boolean {
  if (coverage.kind === 'none') return false;
  if (WORLD.has(territory)) return coverage.kind === 'allExcept' || coverage.codes.size > 0;
  if (coverage.kind === 'allExcept') return !coverage.codes.has(territory);
  return coverage.codes.has(territory) || [...coverage.codes].some((c) => /^\d+$/.test(c) && !WORLD.has(c) && c.length >= 4);
}

/** Do two coverages share at least one territory? (TIS regions are assumed to overlap anything.) */
export function overlaps(a: Coverage, b: Coverage): boolean {
  if (a.kind === 'none' || b.kind === 'none') return false;
  if (a.kind === 'allExcept' && b.kind === 'allExcept') return true;
  if (a.kind === 'only' && b.kind === 'only') {
    const region = (c: string) => /^\d{4}$/.test(c);
    if ([...a.codes, ...b.codes].some(region)) return true;
    return [...a.codes].some((c) => b.codes.has(c));
  }
  const [only, except] = a.kind === 'only' ? [a, b as Extract<Coverage, { kind: 'allExcept' }>] : [b as Extract<Coverage, { kind: 'only' }>, a];
  return [...only.codes].some((c) => !except.codes.has(c));
}

/** Readable form for messages. */
export function describeCoverage(coverage: Coverage): string {
  if (coverage.kind === 'none') return 'no territory';
  if (coverage.kind === 'only') return [...coverage.codes].join(', ');
  return coverage.codes.size ? `Worldwide except ${[...coverage.codes].join(', ')}` : 'Worldwide';
}

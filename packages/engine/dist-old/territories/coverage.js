export const WORLD = new Set(['Worldwide', '2136']);
export function coverageOf(deal) {
    const included = deal.territories.map((t) => t.value.trim()).filter(Boolean);
    const excluded = deal.excludedTerritories.map((t) => t.value.trim()).filter(Boolean);
    if (included.some((c) => WORLD.has(c)))
        return { kind: 'allExcept', codes: new Set(excluded) };
    if (included.length > 0)
        return { kind: 'only', codes: new Set(included) };
    if (excluded.length > 0)
        return excluded.some((c) => WORLD.has(c)) ? { kind: 'none' } : { kind: 'allExcept', codes: new Set(excluded) };
    return { kind: 'none' };
}
/** Does the coverage include `territory` (an ISO/TIS code, or `Worldwide` meaning "anywhere at all")? */
export function covers(coverage, territory) {
    if (coverage.kind === 'none')
        return false;
    if (WORLD.has(territory))
        return coverage.kind === 'allExcept' || coverage.codes.size > 0;
    if (coverage.kind === 'allExcept')
        return !coverage.codes.has(territory);
    return coverage.codes.has(territory) || [...coverage.codes].some((c) => /^\d+$/.test(c) && !WORLD.has(c) && c.length >= 4);
}
/** Do two coverages share at least one territory? (TIS regions are assumed to overlap anything.) */
export function overlaps(a, b) {
    if (a.kind === 'none' || b.kind === 'none')
        return false;
    if (a.kind === 'allExcept' && b.kind === 'allExcept')
        return true;
    if (a.kind === 'only' && b.kind === 'only') {
        const region = (c) => /^\d{4}$/.test(c);
        if ([...a.codes, ...b.codes].some(region))
            return true;
        return [...a.codes].some((c) => b.codes.has(c));
    }
    const [only, except] = a.kind === 'only' ? [a, b] : [b, a];
    return [...only.codes].some((c) => !except.codes.has(c));
}
/** Readable form for messages. */
export function describeCoverage(coverage) {
    if (coverage.kind === 'none')
        return 'no territory';
    if (coverage.kind === 'only')
        return [...coverage.codes].join(', ');
    return coverage.codes.size ? `Worldwide except ${[...coverage.codes].join(', ')}` : 'Worldwide';
}
//# sourceMappingURL=coverage.js.map
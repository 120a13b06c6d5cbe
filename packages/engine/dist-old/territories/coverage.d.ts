/**
 * Where a deal sells: its included territory list, or everywhere except its excluded list.
 * `Worldwide` and TIS 2136 ("World") stand for every territory. TIS region codes other than 2136
 * are treated as covering something we cannot enumerate, so they never make a release "unsold".
 */
import type { Deal } from '../ern/model.js';
export declare const WORLD: Set<string>;
export type Coverage = {
    kind: 'none';
} | {
    kind: 'only';
    codes: Set<string>;
} | {
    kind: 'allExcept';
    codes: Set<string>;
};
export declare function coverageOf(deal: Deal): Coverage;
/** Does the coverage include `territory` (an ISO/TIS code, or `Worldwide` meaning "anywhere at all")? */
export declare function covers(coverage: Coverage, territory: string): boolean;
/** Do two coverages share at least one territory? (TIS regions are assumed to overlap anything.) */
export declare function overlaps(a: Coverage, b: Coverage): boolean;
/** Readable form for messages. */
export declare function describeCoverage(coverage: Coverage): string;
//# sourceMappingURL=coverage.d.ts.map
/** A deal's validity periods as day-number intervals (open ends are infinite), for ordering and overlap checks. */
import type { Deal } from '../ern/model.js';
export interface Interval {
    start: number;
    end: number;
}
/** Null entries are periods with an unreadable date (deals-validity-period reports them). */
export declare function intervalsOf(deal: Deal): (Interval | null)[];
/** Overlap of two periods; a deal ending on the day the next one starts is a handover, not an overlap. */
export declare function periodsOverlap(a: Interval, b: Interval): boolean;
//# sourceMappingURL=deal-periods.d.ts.map
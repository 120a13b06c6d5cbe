import { dayNumber, parseIsoDate } from '../codes/iso-date.js';
/** Null entries are periods with an unreadable date (deals-validity-period reports them). */
export function intervalsOf(deal) {
    if (deal.validity.length === 0)
        return [{ start: -Infinity, end: Infinity }];
    return deal.validity.map((v) => {
        const start = v.start ? parseIsoDate(v.start) : null;
        const end = v.end ? parseIsoDate(v.end) : null;
        if ((v.start && !start) || (v.end && !end))
            return null;
        return { start: start ? dayNumber(start, 'start') : -Infinity, end: end ? dayNumber(end, 'end') : Infinity };
    });
}
/** Overlap of two periods; a deal ending on the day the next one starts is a handover, not an overlap. */
export function periodsOverlap(a, b) {
    return Math.max(a.start, b.start) < Math.min(a.end, b.end) || (a.start === b.start && a.end === b.end);
}
//# sourceMappingURL=deal-periods.js.map
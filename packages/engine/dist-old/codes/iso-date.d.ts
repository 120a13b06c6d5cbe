/**
 * ISO 8601 dates as DDEX writes them: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (ddex_IsoDate, xs:date, with
 * an optional zone) and xs:dateTime. The XSD pattern accepts `2017-13-45`; these functions check
 * the calendar, and compare dates as day numbers (no `Date` parsing: zone-less values would be
 * read in local time).
 */
export interface IsoDate {
    year: number;
    month: number | null;
    day: number | null;
}
/** The date part, or null when the text is not a real calendar date (or a dateTime with impossible time). */
export declare function parseIsoDate(text: string): IsoDate | null;
/**
 * A sortable day number; a partial date counts from its first day (`start`) or last day (`end`),
 * so that `2020` as an end date means the end of 2020.
 */
export declare function dayNumber(date: IsoDate, edge?: 'start' | 'end'): number;
/** Today's day number in UTC (deals and release dates are compared by calendar day). */
export declare function todayNumber(now?: Date): number;
//# sourceMappingURL=iso-date.d.ts.map
/**
 * ISO 8601 dates as DDEX writes them: `YYYY`, `YYYY-MM`, `YYYY-MM-DD` (ddex_IsoDate, xs:date, with
 * an optional zone) and xs:dateTime. The XSD pattern accepts `2017-13-45`; these functions check
 * the calendar, and compare dates as day numbers (no `Date` parsing: zone-less values would be
 * read in local time).
 */
import { memoByText } from '../memo-by-text.js';

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

export interface IsoDate {
  year: number;
  month: number | null;
  day: number | null;
}

const daysIn = (y: number, m: number) => [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/**
 * The date part, or null when the text is not a real calendar date (or a dateTime with impossible
 * time). Remembered by text: the 41,000 deals of the 100 MB bench message share one StartDate, and
 * several rules read each; the results are frozen, as they are shared.
 */
export const parseIsoDate: (text: string) => Readonly<IsoDate> | null = memoByText((text) => {
  const date = readIsoDate(text);
  return date && Object.freeze(date);
});

function readIsoDate(text: string): IsoDate | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = m[2] ? Number(m[2]) : null;
  const day = m[3] ? Number(m[3]) : null;
  if (m[4] !== undefined && day === null) return null; // a time needs a full date
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (day < 1 || day > daysIn(year, month!))) return null;
  if (m[4] !== undefined && (Number(m[4]) > 24 || Number(m[5]) > 59 || Number(m[6]) > 60)) return null;
  return { year, month, day };
}

/**
 * A sortable day number; a partial date counts from its first day (`start`) or last day (`end`),
 * so that `2020` as an end date means the end of 2020.
 */
export function dayNumber(date: IsoDate, edge: 'start' | 'end' = 'start'): number {
  const month = date.month ?? (edge === 'start' ? 1 : 12);
  const day = date.day ?? (edge === 'start' ? 1 : daysIn(date.year, month));
  return date.year * 372 + (month - 1) * 31 + (day - 1);
}

/** Today's day number in UTC (deals and release dates are compared by calendar day). */
export function todayNumber(now: Date = new Date()): number {
  return dayNumber({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() });
}

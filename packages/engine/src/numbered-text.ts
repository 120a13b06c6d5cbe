/**
 * Texts written as a prefix and a number (`A1`, `R41463`), as ERN's references mostly are: the
 * index's anchor tables (ern/anchor-table.ts) and the schema's ID set (xsd/compact-id-set.ts) keep
 * them by number. The number is written without a leading zero (`A0` is one, `A07` is not), so that
 * one text gives one number and one number one text, and has at most NUMBER_DIGITS digits (it
 * stays below 10^9, an Int32).
 */
export const NUMBER_DIGITS = 9;

/** Where the number of `text` starts (the prefix's length, at least 1), or -1 when it is not a prefix and a number. */
export function numberStart(text: string): number {
  let p = text.length;
  while (p > 0 && isDigit(text.charCodeAt(p - 1))) p--;
  const digits = text.length - p;
  if (p === 0 || digits === 0 || digits > NUMBER_DIGITS || (digits > 1 && text.charCodeAt(p) === 0x30)) return -1;
  return p;
}

/** The number written from `from` to the end of `text` (digits, as `numberStart` found them). */
export function numberFrom(text: string, from: number): number {
  let n = 0;
  for (let i = from; i < text.length; i++) n = n * 10 + (text.charCodeAt(i) - 0x30);
  return n;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

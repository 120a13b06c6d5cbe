/**
 * ISWC (ISO 15707): `T` + 9-digit work number + 1 check digit, written `T-345246800-1` or compact
 * `T3452468001` (the DDEX Schematron pattern). Check digit: 1 + sum(i * d_i, i = 1..9), then
 * (10 - sum mod 10) mod 10.
 */
export type IswcProblem = {
    kind: 'syntax';
} | {
    kind: 'checkDigit';
    expected: number;
    found: number;
};
export declare function iswcCheckDigit(nineDigits: string): number;
export declare function iswcProblem(value: string): IswcProblem | null;
//# sourceMappingURL=iswc.d.ts.map
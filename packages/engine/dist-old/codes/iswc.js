/**
 * ISWC (ISO 15707): `T` + 9-digit work number + 1 check digit, written `T-345246800-1` or compact
 * `T3452468001` (the DDEX Schematron pattern). Check digit: 1 + sum(i * d_i, i = 1..9), then
 * (10 - sum mod 10) mod 10.
 */
export function iswcCheckDigit(nineDigits) {
    let sum = 1;
    for (let i = 0; i < 9; i++)
        sum += (i + 1) * (nineDigits.charCodeAt(i) - 48);
    return (10 - (sum % 10)) % 10;
}
export function iswcProblem(value) {
    const match = /^T-?(\d{3})\.?(\d{3})\.?(\d{3})-?(\d)$/.exec(value);
    if (!match)
        return { kind: 'syntax' };
    const digits = match[1] + match[2] + match[3];
    const expected = iswcCheckDigit(digits);
    const found = Number(match[4]);
    return expected === found ? null : { kind: 'checkDigit', expected, found };
}
//# sourceMappingURL=iswc.js.map
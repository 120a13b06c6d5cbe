/** GS1 identifiers (GTIN-8, UPC-A, EAN-13, GTIN-14) as used for ICPN/UPC: structure and mod-10 check digit. */
export const GTIN_LENGTHS = [8, 12, 13, 14];
/** The check digit the first n-1 digits call for. */
export function gtinCheckDigit(digitsWithoutCheck) {
    let sum = 0;
    for (let i = digitsWithoutCheck.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
        sum += (digitsWithoutCheck.charCodeAt(i) - 48) * weight;
    }
    return (10 - (sum % 10)) % 10;
}
export function gtinProblem(code) {
    if (!/^\d+$/.test(code))
        return { kind: 'characters' };
    if (!GTIN_LENGTHS.includes(code.length))
        return { kind: 'length', length: code.length };
    const expected = gtinCheckDigit(code.slice(0, -1));
    const found = code.charCodeAt(code.length - 1) - 48;
    return expected === found ? null : { kind: 'checkDigit', expected, found };
}
//# sourceMappingURL=gtin.js.map
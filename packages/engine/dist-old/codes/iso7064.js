/**
 * ISO/IEC 7064 check characters used by music identifiers: GRid uses the hybrid
 * system MOD 37,36 (alphanumeric), ISNI uses MOD 11-2 (digits with `X` for 10).
 */
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** ISO 7064 MOD 37,36 (hybrid, M=36): the check character for `body` (digits and upper-case letters). */
export function mod3736CheckChar(body) {
    const m = 36;
    let p = m;
    for (const c of body) {
        const v = ALNUM.indexOf(c);
        if (v < 0)
            throw new Error(`not alphanumeric: ${c}`);
        let s = (p % (m + 1)) + v;
        s = s % m || m;
        p = s * 2;
    }
    p = p % (m + 1);
    return ALNUM[(m + 1 - p) % m];
}
/** ISO 7064 MOD 11-2: the check character (`0`-`9` or `X`) for a string of digits. */
export function mod112CheckChar(digits) {
    let total = 0;
    for (const c of digits)
        total = (total + (c.charCodeAt(0) - 48)) * 2;
    const result = (12 - (total % 11)) % 11;
    return result === 10 ? 'X' : String(result);
}
//# sourceMappingURL=iso7064.js.map
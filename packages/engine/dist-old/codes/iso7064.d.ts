/**
 * ISO/IEC 7064 check characters used by music identifiers: GRid uses the hybrid
 * system MOD 37,36 (alphanumeric), ISNI uses MOD 11-2 (digits with `X` for 10).
 */
/** ISO 7064 MOD 37,36 (hybrid, M=36): the check character for `body` (digits and upper-case letters). */
export declare function mod3736CheckChar(body: string): string;
/** ISO 7064 MOD 11-2: the check character (`0`-`9` or `X`) for a string of digits. */
export declare function mod112CheckChar(digits: string): string;
//# sourceMappingURL=iso7064.d.ts.map
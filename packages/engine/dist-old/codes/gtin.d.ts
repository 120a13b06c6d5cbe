/** GS1 identifiers (GTIN-8, UPC-A, EAN-13, GTIN-14) as used for ICPN/UPC: structure and mod-10 check digit. */
export declare const GTIN_LENGTHS: number[];
/** The check digit the first n-1 digits call for. */
export declare function gtinCheckDigit(digitsWithoutCheck: string): number;
export type GtinProblem = {
    kind: 'characters';
} | {
    kind: 'length';
    length: number;
} | {
    kind: 'checkDigit';
    expected: number;
    found: number;
};
export declare function gtinProblem(code: string): GtinProblem | null;
//# sourceMappingURL=gtin.d.ts.map
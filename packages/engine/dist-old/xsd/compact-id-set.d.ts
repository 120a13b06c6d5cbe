/**
 * A set of ID values kept as 64-bit hashes in one typed array (open addressing), about 16 bytes
 * per ID instead of ~100 for a Set of strings: a 1 GB message holds about a million IDs, and the
 * validator's memory must not grow with message size. Two different IDs share a hash with a
 * probability near n²/2⁶⁵ (3·10⁻⁸ for a million IDs): then a duplicate would be reported, or a
 * dangling reference missed, wrongly. That risk is accepted (README).
 */
export declare class CompactIdSet {
    private slots;
    private mask;
    size: number;
    has(value: string): boolean;
    /** Adds the value; false when it was already there. */
    add(value: string): boolean;
    private find;
    private insert;
    private grow;
}
//# sourceMappingURL=compact-id-set.d.ts.map
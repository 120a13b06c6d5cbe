/**
 * Checks text against the compiled simple types of a set: whitespace processing, lexical space of
 * the built-in, patterns, enumerations, lengths, numeric bounds and digits, lists and unions.
 * Checkers are built lazily per type and reused for the life of the compiled set.
 */
import type { CompiledSet } from './compiled-set.js';
/** Returns null when the value is valid, else a sentence saying why. */
export type ValueCheck = (raw: string) => string | null;
export declare class SimpleChecker {
    private readonly set;
    /** By type id (an array: this lookup runs for every leaf element). */
    private readonly checks;
    constructor(set: CompiledSet);
    check(typeId: number): ValueCheck;
    /** The built-in behind a type (`ID`, `IDREF`...), following list items; for identity tracking. */
    builtinOf(typeId: number): string;
    private build;
    private facetCheck;
}
//# sourceMappingURL=simple-check.d.ts.map
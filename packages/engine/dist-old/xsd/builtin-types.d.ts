/**
 * The XSD built-in simple types: how each one handles whitespace, which primitive gives its lexical
 * space, and the lexical checks themselves (dates, durations, numbers, names...), written to accept
 * what libxml2 accepts on the DDEX schemas.
 */
import type { SimpleTypeDef } from './compiled-set.js';
/** The definition of a built-in type by local name, or null when XSD has no such built-in. */
export declare function builtinSimpleType(local: string, idOf: (local: string) => number): SimpleTypeDef | null;
/**
 * The text the lexical check sees. XSD collapses whitespace for every type below, but libxml2 (the
 * reference) does not quite: its date parser rewinds to the untrimmed text (so leading blanks fail
 * every date type but xs:time), skips trailing blanks only after a dateTime's timezone, and its
 * duration parser skips leading blanks only. We follow it so that both engines give the same
 * verdict (README, "Agreement with libxml2").
 */
export declare function lexicalInput(builtin: string, raw: string, normalized: string): string;
/** True when `value` (already whitespace-processed) is in the lexical space of the built-in. */
export declare function builtinAccepts(builtin: string, value: string): boolean;
/** Decimal comparison on lexical values (both already accepted as decimals): -1, 0 or 1. */
export declare function compareDecimal(a: string, b: string): number;
/** Digits counted by totalDigits / fractionDigits. */
export declare function decimalDigits(value: string): {
    total: number;
    fraction: number;
};
//# sourceMappingURL=builtin-types.d.ts.map
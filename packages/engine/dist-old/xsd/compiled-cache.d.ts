import { type CompiledSet } from './compiled-set.js';
import { SimpleChecker } from './simple-check.js';
export interface LoadedSet {
    set: CompiledSet;
    checker: SimpleChecker;
    /** 'memory', 'disk' or 'compiled'. */
    source: string;
}
/** `$XDG_CACHE_HOME/ddex-check/compiled` or `~/.cache/ddex-check/compiled`. */
export declare function defaultCompiledCacheDir(): string;
/** SHA-256 of the compiler format, the main file's place in the set and every .xsd of the set. */
export declare function setKey(mainFile: string): string;
/**
 * The compiled set for a main XSD file. `cacheDir` null disables the disk cache.
 * Throws (with file:line) when the XSD set cannot be compiled.
 */
export declare function loadCompiledSet(mainFile: string, cacheDir?: string | null): LoadedSet;
/** Forgets the in-process sets (tests). */
export declare function clearCompiledSets(): void;
//# sourceMappingURL=compiled-cache.d.ts.map
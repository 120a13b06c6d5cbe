import { type LoadedSchemaSet } from './schema-imports.js';
export type { LoadedSchemaSet, SchemaFile } from './schema-imports.js';
export { SchemaSetError } from './schema-imports.js';
export type SchemaOrigin = 'option' | 'env' | 'cache';
export interface SchemaLocation {
    /** The set folder, `<root>/ern-<version>`. */
    dir: string;
    /** Absolute path of the main XSD (`release-notification.xsd`). */
    mainFile: string;
    origin: SchemaOrigin;
}
export interface SchemaStoreOptions {
    /** `--schemas DIR`: searched first. */
    dir?: string;
}
export declare class SchemaStore {
    private readonly dir;
    constructor(opts?: SchemaStoreOptions);
    /** The folders searched, in order (the environment is read at each call). */
    roots(): {
        root: string;
        origin: SchemaOrigin;
    }[];
    /** Where the set of `version` (`4.3`, `3.8.2`, also bonus sets like `4.3.2`) is, or null. */
    locate(version: string): SchemaLocation | null;
    /** Reads the set of `version` (cached per process); throws with the install hint when there is none. */
    load(version: string): Promise<LoadedSchemaSet>;
    /** How to get the schemas of `version`. */
    static installHint(version: string): string;
    /** Forgets the sets read so far (after `schemas pull` replaced files). */
    static clearCache(): void;
}
/** Reads a located set, once per process. A failed read is not kept, so a fixed folder is read again. */
export declare function loadLocation(location: SchemaLocation): Promise<LoadedSchemaSet>;
/**
 * The per-user folder of downloaded schemas: `$XDG_CACHE_HOME/ddex-check/schemas` or
 * `~/.cache/ddex-check/schemas` (Linux and other Unixes), `~/Library/Caches/ddex-check/schemas`
 * (macOS), `%LOCALAPPDATA%\ddex-check\schemas` (Windows).
 */
export declare function userCacheDir(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, home?: string): string;
//# sourceMappingURL=schema-store.d.ts.map
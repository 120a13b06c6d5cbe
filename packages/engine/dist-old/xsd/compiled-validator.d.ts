/**
 * The engine's default SchemaValidator: DDEX XSD sets compiled once into automata and checkers,
 * validating on the events of the one saxes pass (no buffering, every error located).
 * libxml2 (xmllint-wasm) stays available as the reference implementation.
 */
import type { ErnVersion } from '../ern/model.js';
import type { SchemaSession, SchemaValidator } from '../xml/schema-validator.js';
import type { XsdSetLocation } from './schema-files.js';
export interface CompiledValidatorOptions {
    /** `--schemas DIR`: folder of XSD sets laid out `ern-<version>/…`, searched before `DDEX_SCHEMAS_DIR` and the user cache. */
    dir?: string;
    /** Finds the XSD set of a version; replaces the SchemaStore lookup. */
    locate?: (version: string) => XsdSetLocation | null;
    /** Where compiled sets are cached on disk; null disables the disk cache. */
    cacheDir?: string | null;
    /** Check xs:ID uniqueness and xs:IDREF resolution (default true; libxml2 skips them on element content). */
    identityConstraints?: boolean;
}
export declare class CompiledValidator implements SchemaValidator {
    readonly name = "compiled";
    private readonly locate;
    private readonly cacheDir;
    private readonly identityConstraints;
    constructor(options?: CompiledValidatorOptions);
    begin(version: ErnVersion | string, _root: {
        ns: string;
        name: string;
    }): SchemaSession | string;
}
//# sourceMappingURL=compiled-validator.d.ts.map
import { validateXML } from 'xmllint-wasm';
import type { ErnVersion } from '../ern/model.js';
import { SchemaStore } from './schema-store.js';
import type { SchemaSession, SchemaValidator } from './schema-validator.js';
export interface Libxml2ValidatorOptions {
    /** Where the XSD sets are; default: a store with no `--schemas` folder (env, then user cache). */
    store?: SchemaStore;
    /** Largest message validated, in bytes (default 200 MiB). */
    maxBytes?: number;
    /** Distinct issues kept per message (default 1000). */
    maxIssues?: number;
    /** xmllint workers this validator runs at once (default: a per-process limit of one per CPU). */
    concurrency?: number;
    /** Stands in for xmllint-wasm's `validateXML` (tests simulate its failures with it). */
    validateXML?: typeof validateXML;
}
export declare const DEFAULT_MAX_BYTES: number;
export declare const DEFAULT_MAX_ISSUES = 1000;
/**
 * WebAssembly memory for a message of `size` bytes. Measured with ERN 4.3 (schema compiled: under
 * 17 MiB; a 5 MiB message needed 32 MiB, 20 MiB needed 88 MiB, 50 MiB needed between 128 and
 * 256 MiB): libxml2's tree costs 3 to 4 bytes per byte of XML, so 8 leaves room for denser messages.
 */
export declare function memoryPagesFor(size: number): number;
export declare class Libxml2Validator implements SchemaValidator {
    readonly name = "libxml2";
    private readonly store;
    private readonly maxBytes;
    private readonly maxIssues;
    private readonly limit;
    private readonly validateXml;
    constructor(opts?: Libxml2ValidatorOptions);
    begin(version: ErnVersion | string): Promise<SchemaSession | string>;
}
//# sourceMappingURL=libxml2-validator.d.ts.map
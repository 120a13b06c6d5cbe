/** The schema store and the libxml2 (xmllint-wasm) schema validator, for the engine and the CLI. */
export { SchemaStore, userCacheDir, loadLocation, SchemaSetError } from './schema-store.js';
export { Libxml2Validator, memoryPagesFor, DEFAULT_MAX_BYTES, DEFAULT_MAX_ISSUES } from './libxml2-validator.js';
//# sourceMappingURL=schema-index.js.map
/**
 * @ddex-check/engine: would this DDEX ERN delivery import, and if not, what to fix where.
 * `validate(input, options)` reads a folder, a zip or an XML message (path, Buffer or stream) and
 * returns the Report (see `report/types.ts`).
 */
export { validate } from './validate.js';
export * from './report/types.js';
export { DEFAULT_PROFILE } from './profile/default.js';
// CLI support (formatters, config files, JSON catalog, baselines, schema cache): added by the CLI work.
export { FORMATTERS, FORMAT_NAMES, formatterFor, FAIL_ON, reportFails, checkFails, isFinding, sourceKind, locateFile, displaySource, } from './report/formatters/index.js';
export * from './config/index.js';
export { JsonCatalog, CatalogFileError } from './catalog/json-catalog.js';
export * from './baseline/index.js';
export { SchemaStore, userCacheDir } from './xml/schema-store.js';
export { RULES, listRules, docsUrl } from './rules/registry.js';
export { resolveRules, ConfigError, PRESETS } from './rules/severity.js';
export { BatchError } from './batch/types.js';
//# sourceMappingURL=index.js.map
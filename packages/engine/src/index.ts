/**
 * @ddex-check/engine: would this DDEX ERN delivery import, and if not, what to fix where.
 * `validate(input, options)` reads a folder, a zip or an XML message (path, Buffer or stream) and
 * returns the Report (see `report/types.ts`).
 */
export { validate } from './validate.js';
export type { ValidateInput, ValidateOptions, ProgressEvent } from './options.js';
export * from './report/types.js';
export type * from './ern/model.js';
export type { Catalog, CatalogRelease, CatalogRecording } from './catalog/types.js';
export type { Profile } from './profile/types.js';
export { DEFAULT_PROFILE } from './profile/default.js';
export type { Rule, RuleMeta, RuleContext } from './rules/define.js';

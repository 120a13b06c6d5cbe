/**
 * @ddex-check/engine: would this DDEX ERN delivery import, and if not, what to fix where.
 * `validate(input, options)` reads a folder, a zip or an XML message (path, Buffer or stream) and
 * returns the Report (see `report/types.ts`).
 */
export { validate } from './validate.js';
export { prestartParseThread, PARSE_THREAD_MIN_BYTES, YOUNG_GENERATION_MB as PARSE_THREAD_YOUNG_GENERATION_MB } from './xml/parse-thread.js';
export { RESTORE_V8_FLAGS, releaseTightHeap } from './heap-flags.js';
export { WorkerPool, type WorkerPoolOptions } from './workers/worker-pool.js';
export type { ValidateInput, ValidateOptions, ProgressEvent, MessageSnapshots } from './options.js';
export * from './report/types.js';
export { StreamedList } from './report/streamed-list.js';
export { findSourceLines, type LineSource } from './report/source-lines.js';
export type * from './ern/model.js';
export type { Catalog, CatalogRelease, CatalogRecording, StaffDecision } from './catalog/types.js';
export type { Profile } from './profile/types.js';
export { DEFAULT_PROFILE } from './profile/default.js';
export type { Rule, RuleMeta, RuleContext, RuleSource, RuleSourceKind } from './rules/define.js';
// CLI support (formatters, config files, JSON catalog, baselines, schema cache): added by the CLI work.
export {
  FORMATTERS,
  FORMAT_NAMES,
  formatterFor,
  FAIL_ON,
  reportFails,
  checkFails,
  isFinding,
  sourceKind,
  locateFile,
  displaySource,
  groupChecks,
  mergeSkips,
  excerptOf,
  storesOf,
  type CheckGroup,
  type Excerpt,
  FORMATS_WITH_RECORDINGS,
  FORMATS_WITH_SOURCE_LINES,
  type FormatName,
  type FailOn,
  type Formatter,
  type FormatterContext,
  type FormatterRule,
} from './report/formatters/index.js';
export * from './config/index.js';
export { JsonCatalog, CatalogFileError } from './catalog/json-catalog.js';
export * from './baseline/index.js';
export { SchemaStore, userCacheDir, type SchemaOrigin, type SchemaLocation } from './xml/schema-store.js';
export { SUPPORTED_VERSIONS as SUPPORTED_ERN_VERSIONS } from './xml/version.js';
export { RULES, listRules, docsUrl, type RuleInfo } from './rules/registry.js';
export { resolveRules, ConfigError, PRESETS, type ActiveRule, type RuleSetting } from './rules/severity.js';
export { BatchError } from './batch/types.js';
/** Opening a delivery as a list of files (the server reads the source lines of a test report's findings from it). */
export { openBatch, type Batch, type BatchEntry, type OpenBatchOptions } from './batch/index.js';
export { STORES, UNSOURCED_STORES, storeById } from './stores/registry.js';
export type { StoreProfile, Requirement, Source } from './stores/types.js';
// Views that ask the model a question (ddex-check availability, diff).
export { readModels, UnreadableMessageError, type ReadModel } from './delivery-models/read-models.js';
export { releaseViews, tableOf, answerOf, dayOf, purgedOf, type ReleaseView, type ReleaseTable, type ReleaseAnswer, type OfferRow, type TakedownRow } from './availability/view.js';
export type { UseOut, PriceOut, Answer, ReasonKind } from './availability/answer.js';
export { territoryUniverse, TerritoryUniverse } from './territories/universe.js';
export { todayNumber } from './codes/iso-date.js';
export { diffReleaseSnapshots, releaseSnapshotsOf, RELEASE_SNAPSHOT_FORMAT, type ReleaseSnapshot, type RecordSnapshot } from './diff/release-snapshot.js';
export { diffMessages, type DiffResult, type Change, type HeaderChange, type DiffSummary } from './diff/diff-messages.js';

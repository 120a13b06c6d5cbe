/** The formatters, by `--format` name: one file each, one signature `(reports, ctx) => string`. */
import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { sarif } from './sarif.js';
import { text } from './text.js';
import type { Formatter } from './types.js';

export const FORMATTERS = { text, json, junit, sarif, github } as const satisfies Record<string, Formatter>;
export type FormatName = keyof typeof FORMATTERS;
export const FORMAT_NAMES = Object.keys(FORMATTERS) as FormatName[];

/** The formats that print `would_create.recordings` (JSON prints the whole report); for the others `validate` need not list them (`ValidateOptions.recordings`). */
export const FORMATS_WITH_RECORDINGS: ReadonlySet<string> = new Set<FormatName>(['json']);

/** The formats that print a finding's source line (`FormatterContext.sourceLine`); for the others the CLI reads no line of the message again. */
export const FORMATS_WITH_SOURCE_LINES: ReadonlySet<string> = new Set<FormatName>(['text']);

export function formatterFor(name: string): Formatter | undefined {
  return Object.hasOwn(FORMATTERS, name) ? FORMATTERS[name as FormatName] : undefined;
}

export type { Formatter, FormatterContext, FormatterRule } from './types.js';
export { FAIL_ON, type FailOn, reportFails, checkFails, isFinding, verdictRank } from './threshold.js';
export { locateFile, sourceKind, displaySource } from './locations.js';
export { groupChecks, mergeSkips, type CheckGroup } from './grouping.js';
export { excerptOf, type Excerpt } from './excerpt.js';
export { storesOf } from './store-checks.js';

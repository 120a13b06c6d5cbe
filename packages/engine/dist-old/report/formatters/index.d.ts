import type { Formatter } from './types.js';
export declare const FORMATTERS: {
    readonly text: Formatter;
    readonly json: Formatter;
    readonly junit: Formatter;
    readonly sarif: Formatter;
    readonly github: Formatter;
};
export type FormatName = keyof typeof FORMATTERS;
export declare const FORMAT_NAMES: FormatName[];
export declare function formatterFor(name: string): Formatter | undefined;
export type { Formatter, FormatterContext, FormatterRule } from './types.js';
export { FAIL_ON, type FailOn, reportFails, checkFails, isFinding, verdictRank } from './threshold.js';
export { locateFile, sourceKind, displaySource } from './locations.js';
//# sourceMappingURL=index.d.ts.map
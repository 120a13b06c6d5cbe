import type { Check, Report } from '../report/types.js';
export interface BaselineEntry {
    /** The report's source, relative to the baseline file's folder, '/'-separated. */
    source: string;
    file: string;
    rule: string;
    /** DDEX path, '' for message- or batch-level findings. */
    field: string;
    /** The rule's message id; the message text when the check has none. */
    message: string;
    count: number;
}
export interface Baseline {
    version: 1;
    entries: BaselineEntry[];
}
export declare class BaselineError extends Error {
    readonly file: string;
    constructor(message: string, file: string);
}
/** Findings a baseline records: errors, warnings and staff decisions (not passes, skips or infos). */
export declare function isBaselined(check: Check): boolean;
/** Sources are compared as paths relative to the baseline file, so the file can live in the repository. */
export declare function baselineSource(source: string, baselineDir: string): string;
/** The baseline of these reports (sources made relative to `baselineDir`), entries sorted for stable diffs. */
export declare function baselineOf(reports: readonly Report[], baselineDir: string): Baseline;
/** Checks a parsed baseline file. */
export declare function parseBaseline(value: unknown, file: string): Baseline;
/** Remaining allowance per key, consumed as checks are matched. */
export declare class BaselineMatcher {
    private readonly baselineDir;
    private readonly remaining;
    constructor(baseline: Baseline, baselineDir: string);
    /** Splits a report's checks into the ones the baseline knows (consuming them) and the rest. */
    split(report: Report): {
        known: Check[];
        kept: Check[];
    };
}
//# sourceMappingURL=baseline.d.ts.map
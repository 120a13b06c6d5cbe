/**
 * Drops baselined checks from a report before anything judges it: the summary, the verdict and
 * the release outcomes are recomputed from the remaining checks, so `--fail-on` and every formatter
 * see only new findings. A release the baseline clears becomes `created` (the report does not keep
 * whether the catalog knew a left-out release); `would_create` is left as the engine computed it.
 */
import type { Report } from '../report/types.js';
import { BaselineMatcher } from './baseline.js';
export interface BaselinedReport {
    report: Report;
    /** How many checks the baseline absorbed. */
    baselined: number;
}
/** Applies one matcher to the reports in order (a matcher's counts are consumed across reports). */
export declare function applyBaseline(reports: readonly Report[], matcher: BaselineMatcher): BaselinedReport[];
//# sourceMappingURL=apply.d.ts.map
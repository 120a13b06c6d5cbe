/**
 * The fail threshold (`--fail-on rejected|flagged|warnings`): which verdicts and which checks are
 * "at or above" it. Shared by the CLI's exit code and the formatters (JUnit failures, text marks).
 */
import { type Check, type Report, type Verdict } from '../types.js';
export declare const FAIL_ON: readonly ["rejected", "flagged", "warnings"];
export type FailOn = (typeof FAIL_ON)[number];
export declare function verdictRank(verdict: Verdict): number;
/** True when the report's verdict is the threshold's verdict or worse. */
export declare function reportFails(report: Report, failOn: FailOn): boolean;
/** True when this one check alone would make a report fail the threshold. */
export declare function checkFails(check: Check, failOn: FailOn): boolean;
/** A check worth showing: anything but a plain pass (info findings are passes with `severity: 'info'`). */
export declare function isFinding(check: Check): boolean;
//# sourceMappingURL=threshold.d.ts.map
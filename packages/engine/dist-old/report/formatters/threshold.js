/**
 * The fail threshold (`--fail-on rejected|flagged|warnings`): which verdicts and which checks are
 * "at or above" it. Shared by the CLI's exit code and the formatters (JUnit failures, text marks).
 */
import { VERDICTS } from '../types.js';
export const FAIL_ON = ['rejected', 'flagged', 'warnings'];
const LOWEST_FAILING = {
    rejected: 'would_be_rejected',
    flagged: 'would_be_flagged',
    warnings: 'would_import_with_warnings',
};
export function verdictRank(verdict) {
    return VERDICTS.indexOf(verdict);
}
/** True when the report's verdict is the threshold's verdict or worse. */
export function reportFails(report, failOn) {
    return verdictRank(report.verdict) >= verdictRank(LOWEST_FAILING[failOn]);
}
/** True when this one check alone would make a report fail the threshold. */
export function checkFails(check, failOn) {
    if (check.status === 'error')
        return true;
    if (failOn === 'rejected')
        return false;
    if (check.needs_staff)
        return true;
    return failOn === 'warnings' && check.status === 'warning';
}
/** A check worth showing: anything but a plain pass (info findings are passes with `severity: 'info'`). */
export function isFinding(check) {
    return check.status !== 'pass' || check.severity === 'info' || check.needs_staff === true;
}
//# sourceMappingURL=threshold.js.map
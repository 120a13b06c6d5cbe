/**
 * The fail threshold (`--fail-on rejected|flagged|warnings`): which verdicts and which checks are
 * "at or above" it. Shared by the CLI's exit code and the formatters (JUnit failures, text marks).
 */
import { VERDICTS, type Check, type Report, type Verdict } from '../types.js';

export const FAIL_ON = ['rejected', 'flagged', 'warnings'] as const;
export type FailOn = (typeof FAIL_ON)[number];

const LOWEST_FAILING: Record<FailOn, Verdict> = {
  rejected: 'would_be_rejected',
  flagged: 'would_be_flagged',
  warnings: 'would_import_with_warnings',
};

export function verdictRank(verdict: Verdict): number {
  return VERDICTS.indexOf(verdict);
}

/** True when a verdict is the threshold's verdict or worse. */
export function verdictFails(verdict: Verdict, failOn: FailOn): boolean {
  return verdictRank(verdict) >= verdictRank(LOWEST_FAILING[failOn]);
}

/** True when the report's verdict, or the verdict of a store it was asked for (`--stores`), is the threshold's verdict or worse. */
export function reportFails(report: Report, failOn: FailOn): boolean {
  return verdictFails(report.verdict, failOn) || Object.values(report.stores ?? {}).some((s) => verdictFails(s.verdict, failOn));
}

/** True when this one check alone would make a report fail the threshold. */
export function checkFails(check: Check, failOn: FailOn): boolean {
  if (check.status === 'error') return true;
  if (failOn === 'rejected') return false;
  if (check.needs_staff) return true;
  return failOn === 'warnings' && check.status === 'warning';
}

/** A check worth showing: anything but a plain pass (info findings are passes with `severity: 'info'`). */
export function isFinding(check: Check): boolean {
  return check.status !== 'pass' || check.severity === 'info' || check.needs_staff === true;
}

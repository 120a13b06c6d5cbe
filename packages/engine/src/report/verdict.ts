/** The verdict: any error rejects; a staff decision flags; a warning is imported with warnings. */
import { VERDICTS, type Check, type Verdict } from './types.js';

export function verdictOf(checks: readonly Check[]): Verdict {
  if (checks.some((c) => c.status === 'error')) return 'would_be_rejected';
  if (checks.some((c) => c.needs_staff && c.status !== 'pass')) return 'would_be_flagged';
  if (checks.some((c) => c.status === 'warning')) return 'would_import_with_warnings';
  return 'would_import';
}

/** 0 = would_import ... 3 = would_be_rejected. */
export function verdictRank(verdict: Verdict): number {
  return VERDICTS.indexOf(verdict);
}

/** The verdict: any error rejects; a staff decision flags; a warning is imported with warnings. */
import { VERDICTS } from './types.js';
export function verdictOf(checks) {
    if (checks.some((c) => c.status === 'error'))
        return 'would_be_rejected';
    if (checks.some((c) => c.needs_staff && c.status !== 'pass'))
        return 'would_be_flagged';
    if (checks.some((c) => c.status === 'warning'))
        return 'would_import_with_warnings';
    return 'would_import';
}
/** 0 = would_import ... 3 = would_be_rejected. */
export function verdictRank(verdict) {
    return VERDICTS.indexOf(verdict);
}
//# sourceMappingURL=verdict.js.map
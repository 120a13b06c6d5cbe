/** The verdict: any error rejects; a staff decision flags; a warning is imported with warnings. */
import { type Check, type Verdict } from './types.js';
export declare function verdictOf(checks: readonly Check[]): Verdict;
/** 0 = would_import ... 3 = would_be_rejected. */
export declare function verdictRank(verdict: Verdict): number;
//# sourceMappingURL=verdict.d.ts.map
/**
 * Findings the engine itself makes on behalf of its built-in rules (well-formedness, version,
 * schema validity, readable batch): the same message templates, hints and configured severity as
 * any rule, without a dispatcher.
 */
import { type ReportDescriptor } from './rules/define.js';
import type { ActiveRule } from './rules/severity.js';
import type { Check } from './report/types.js';
export declare class EngineChecks {
    private readonly byId;
    constructor(active: readonly ActiveRule[]);
    isActive(ruleId: string): boolean;
    /** A finding of `ruleId`, or null when the rule is off. */
    finding(ruleId: string, descriptor: ReportDescriptor & {
        file: string;
    }): Check | null;
    /** A `skipped` check of `ruleId` (the check could not run), or null when the rule is off. */
    skipped(ruleId: string, descriptor: ReportDescriptor & {
        file: string;
    }): Check | null;
    /** The `pass` check of `ruleId` for a file, or null when the rule is off. */
    pass(ruleId: string, file: string): Check | null;
}
//# sourceMappingURL=engine-checks.d.ts.map
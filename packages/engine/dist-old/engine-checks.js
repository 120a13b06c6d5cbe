/**
 * Findings the engine itself makes on behalf of its built-in rules (well-formedness, version,
 * schema validity, readable batch): the same message templates, hints and configured severity as
 * any rule, without a dispatcher.
 */
import { formatMessage } from './rules/define.js';
import { baseCheck } from './rules/dispatcher.js';
export class EngineChecks {
    byId;
    constructor(active) {
        this.byId = new Map(active.map((a) => [a.rule.id, a]));
    }
    isActive(ruleId) {
        return this.byId.has(ruleId);
    }
    /** A finding of `ruleId`, or null when the rule is off. */
    finding(ruleId, descriptor) {
        const entry = this.byId.get(ruleId);
        if (!entry)
            return null;
        const { message, hint } = formatMessage(entry.rule, descriptor.messageId, descriptor.data);
        const check = baseCheck(entry, {
            status: entry.severity === 'error' ? 'error' : entry.severity === 'warn' ? 'warning' : 'pass',
            message,
            hint,
            field: descriptor.loc?.path ?? '',
            line: descriptor.loc?.line ?? null,
            column: descriptor.loc?.column ?? null,
            file: descriptor.file,
            release: descriptor.release ?? null,
            resource: descriptor.resource ?? null,
            message_id: descriptor.messageId,
        });
        if (entry.severity === 'info')
            check.severity = 'info';
        return check;
    }
    /** A `skipped` check of `ruleId` (the check could not run), or null when the rule is off. */
    skipped(ruleId, descriptor) {
        const check = this.finding(ruleId, descriptor);
        return check && { ...check, status: 'skipped', severity: undefined };
    }
    /** The `pass` check of `ruleId` for a file, or null when the rule is off. */
    pass(ruleId, file) {
        const entry = this.byId.get(ruleId);
        return entry ? baseCheck(entry, { status: 'pass', message: entry.rule.meta.description, file }) : null;
    }
}
//# sourceMappingURL=engine-checks.js.map
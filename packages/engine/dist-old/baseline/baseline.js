/**
 * Baselines: today's findings of a delivery recorded in a file, so a pipeline gates only on new
 * ones (`--write-baseline FILE`, then `--baseline FILE`). A finding is keyed by where and what,
 * never by line: source, file inside the batch, rule, DDEX path and message id; edits elsewhere in
 * the message shift lines but keep the key. Equal keys are counted, so a third copy of a finding
 * that was there twice is new.
 */
import path from 'node:path';
export class BaselineError extends Error {
    file;
    constructor(message, file) {
        super(`${file}: ${message}`);
        this.file = file;
        this.name = 'BaselineError';
    }
}
/** Findings a baseline records: errors, warnings and staff decisions (not passes, skips or infos). */
export function isBaselined(check) {
    return check.status === 'error' || check.status === 'warning' || (check.needs_staff === true && check.status !== 'pass');
}
/** Sources are compared as paths relative to the baseline file, so the file can live in the repository. */
export function baselineSource(source, baselineDir) {
    return path.relative(baselineDir, path.resolve(source)).split(path.sep).join('/');
}
function keyOf(source, check) {
    return [source, check.file, check.rule, check.field, check.message_id ?? check.message].join('\u0000');
}
/** The baseline of these reports (sources made relative to `baselineDir`), entries sorted for stable diffs. */
export function baselineOf(reports, baselineDir) {
    const entries = new Map();
    for (const report of reports) {
        const source = baselineSource(report.source, baselineDir);
        for (const check of report.checks) {
            if (!isBaselined(check))
                continue;
            const key = keyOf(source, check);
            const entry = entries.get(key);
            if (entry)
                entry.count++;
            else
                entries.set(key, { source, file: check.file, rule: check.rule, field: check.field, message: check.message_id ?? check.message, count: 1 });
        }
    }
    const sorted = [...entries.values()].sort((a, b) => [a.source, a.file, a.rule, a.field, a.message].join('\u0000').localeCompare([b.source, b.file, b.rule, b.field, b.message].join('\u0000')));
    return { version: 1, entries: sorted };
}
/** Checks a parsed baseline file. */
export function parseBaseline(value, file) {
    const v = value;
    if (typeof v !== 'object' || v === null || v.version !== 1 || !Array.isArray(v.entries)) {
        throw new BaselineError('not a ddex-check baseline (expected {"version": 1, "entries": [...]})', file);
    }
    v.entries.forEach((e, i) => {
        const ok = typeof e === 'object' &&
            e !== null &&
            ['source', 'file', 'rule', 'field', 'message'].every((k) => typeof e[k] === 'string') &&
            Number.isInteger(e.count) &&
            e.count > 0;
        if (!ok)
            throw new BaselineError(`entries[${i}] needs source, file, rule, field, message (strings) and count (a positive whole number)`, file);
    });
    return v;
}
/** Remaining allowance per key, consumed as checks are matched. */
export class BaselineMatcher {
    baselineDir;
    remaining = new Map();
    constructor(baseline, baselineDir) {
        this.baselineDir = baselineDir;
        for (const e of baseline.entries) {
            const key = [e.source, e.file, e.rule, e.field, e.message].join('\u0000');
            this.remaining.set(key, (this.remaining.get(key) ?? 0) + e.count);
        }
    }
    /** Splits a report's checks into the ones the baseline knows (consuming them) and the rest. */
    split(report) {
        const source = baselineSource(report.source, this.baselineDir);
        const known = [];
        const kept = [];
        for (const check of report.checks) {
            const key = keyOf(source, check);
            const left = this.remaining.get(key) ?? 0;
            if (isBaselined(check) && left > 0) {
                this.remaining.set(key, left - 1);
                known.push(check);
            }
            else
                kept.push(check);
        }
        return { known, kept };
    }
}
//# sourceMappingURL=baseline.js.map
import { displaySource, locateCheck } from './locations.js';
import { reportFails } from './threshold.js';
// Escaping as in @actions/core (toCommandValue / escapeProperty).
const escapeData = (s) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
function command(check) {
    if (check.status === 'error')
        return 'error';
    if (check.status === 'warning' || check.needs_staff)
        return 'warning';
    // Skipped checks are about the run, not the delivery (the verdict line counts them): annotations
    // are few per step on GitHub, so they go to findings only.
    if (check.status === 'skipped')
        return null;
    if (check.severity === 'info')
        return 'notice';
    return null;
}
function annotation(report, check, kind, ctx) {
    const loc = locateCheck(report, check, ctx.cwd);
    const props = [`file=${escapeProperty(loc.path)}`];
    if (check.line !== null && !loc.entry) {
        props.push(`line=${check.line}`);
        if (check.column !== null)
            props.push(`col=${check.column}`);
    }
    props.push(`title=${escapeProperty(`${check.rule}${check.release ? ` (release ${check.release})` : ''}`)}`);
    const where = [loc.entry && `${loc.entry}${check.line !== null ? `:${check.line}:${check.column ?? 0}` : ''}`, check.field].filter(Boolean).join(' ');
    const body = [check.message, where && `at ${where}`, check.hint && `hint: ${check.hint}`].filter(Boolean).join('\n');
    return `::${kind} ${props.join(',')}::${escapeData(body)}`;
}
export const github = (reports, ctx) => {
    const lines = [];
    for (const report of reports) {
        for (const check of report.checks) {
            const kind = command(check);
            if (kind)
                lines.push(annotation(report, check, kind, ctx));
        }
    }
    for (const report of reports) {
        const s = report.summary;
        const mark = reportFails(report, ctx.failOn) ? 'FAIL' : 'ok';
        lines.push(`${mark} ${displaySource(report, ctx.cwd)}: ${report.verdict} (${s.errors} errors, ${s.warnings} warnings, ${s.skipped} skipped)`);
    }
    return lines.join('\n') + '\n';
};
//# sourceMappingURL=github.js.map
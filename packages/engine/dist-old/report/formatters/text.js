/**
 * The default, human formatter: per input its verdict, then the findings grouped by message file
 * and release, each with its location, DDEX path, a source excerpt with a caret, and the hint.
 * With more than one input, a summary table closes the output.
 */
import { Chalk } from 'chalk';
import { displaySource, locateFile } from './locations.js';
import { excerptOf } from './excerpt.js';
import { isFinding, reportFails } from './threshold.js';
const VERDICT_WORDS = {
    would_import: 'would import',
    would_import_with_warnings: 'would import with warnings',
    would_be_flagged: 'would be flagged for staff review',
    would_be_rejected: 'would be rejected',
};
function verdictMark(c, verdict) {
    switch (verdict) {
        case 'would_import':
            return c.green('✔ ' + VERDICT_WORDS[verdict]);
        case 'would_import_with_warnings':
            return c.yellow('⚠ ' + VERDICT_WORDS[verdict]);
        case 'would_be_flagged':
            return c.magenta('⚑ ' + VERDICT_WORDS[verdict]);
        case 'would_be_rejected':
            return c.red('✖ ' + VERDICT_WORDS[verdict]);
    }
}
function statusWord(c, check) {
    if (check.status === 'error')
        return { plain: 'error', styled: c.red('error') };
    if (check.needs_staff)
        return { plain: 'staff', styled: c.magenta('staff') };
    if (check.status === 'warning')
        return { plain: 'warning', styled: c.yellow('warning') };
    if (check.status === 'skipped')
        return { plain: 'skipped', styled: c.gray('skipped') };
    if (check.severity === 'info')
        return { plain: 'info', styled: c.cyan('info') };
    return { plain: 'pass', styled: c.green('pass') };
}
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Which message file a check belongs under: its own file, or for a media file the message of its release. */
function ownerFile(report, check, messageFiles) {
    if (messageFiles.has(check.file) || check.release === null)
        return check.file;
    const owners = new Set(report.releases.filter((r) => r.reference === check.release).map((r) => r.file));
    return owners.size === 1 ? [...owners][0] : check.file;
}
function groupChecks(report, checks) {
    const messageFiles = new Set(report.messages.map((m) => m.file));
    const groups = new Map();
    for (const check of checks) {
        const file = ownerFile(report, check, messageFiles);
        let group = groups.get(file);
        if (!group)
            groups.set(file, (group = { file, byRelease: new Map() }));
        const key = check.release ?? '';
        const list = group.byRelease.get(key) ?? [];
        list.push(check);
        group.byRelease.set(key, list);
    }
    // Batch-level findings first, then files in order of appearance; message-level before releases.
    const ordered = [...groups.values()].sort((a, b) => (a.file === '' ? -1 : b.file === '' ? 1 : 0));
    for (const g of ordered) {
        const noRelease = g.byRelease.get('');
        if (noRelease) {
            g.byRelease.delete('');
            g.byRelease = new Map([['', noRelease], ...g.byRelease]);
        }
    }
    return ordered;
}
/**
 * Skipped checks that say the same thing (three file checks of a lone message: "files not at
 * hand") print once, naming every rule.
 */
function mergeSkips(checks) {
    const merged = [];
    const bySentence = new Map();
    for (const check of checks) {
        if (check.status !== 'skipped' || check.line !== null) {
            merged.push(check);
            continue;
        }
        const key = `${check.file}\u0000${check.message}\u0000${check.hint}`;
        const seen = bySentence.get(key);
        if (seen)
            seen.rule += `, ${check.rule}`;
        else {
            const copy = { ...check };
            bySentence.set(key, copy);
            merged.push(copy);
        }
    }
    return merged;
}
function releaseHeading(c, report, file, reference) {
    const release = report.releases.find((r) => r.reference === reference && r.file === file) ?? report.releases.find((r) => r.reference === reference);
    if (!release)
        return c.bold(`Release ${reference}`);
    const parts = [c.bold(`Release ${reference}`)];
    if (release.title)
        parts.push(`“${release.title}”`);
    if (release.upc)
        parts.push(c.gray(`UPC ${release.upc}`));
    parts.push(c.gray(`→ ${release.outcome.replace('_', ' ')}`));
    return parts.join(' ');
}
function formatCheck(c, report, check, ctx, pad, indent, groupFile) {
    const where = check.line !== null ? `${check.line}:${check.column ?? 0}` : '';
    const status = statusWord(c, check);
    const lines = [
        `${indent}${c.dim(where.padEnd(pad))}  ${status.styled}${' '.repeat(Math.max(1, 9 - status.plain.length))}${check.message}  ${c.gray(check.rule)}`,
    ];
    const sub = indent + ' '.repeat(pad + 2);
    if (check.file !== groupFile && check.file !== '')
        lines.push(`${sub}${c.gray('in')} ${check.file}`);
    if (check.field)
        lines.push(`${sub}${c.gray('at')} ${check.field}`);
    if (check.line !== null && ctx.sourceLine) {
        const source = ctx.sourceLine(report, check.file, check.line);
        if (source !== undefined) {
            const ex = excerptOf(source, check.column);
            const gutter = String(check.line);
            lines.push(`${sub}${c.gray(gutter + ' |')} ${ex.text}`);
            lines.push(`${sub}${c.gray(' '.repeat(gutter.length) + ' |')} ${' '.repeat(ex.caret)}${c.red('^')}`);
        }
    }
    if (check.hint)
        lines.push(`${sub}${c.cyan('hint:')} ${check.hint}`);
    return lines;
}
function countsLine(c, report) {
    const s = report.summary;
    const parts = [];
    if (report.ern_version)
        parts.push(`ERN ${report.ern_version}`);
    parts.push(plural(s.messages, 'message'), plural(s.releases, 'release'));
    parts.push(s.errors ? c.red(plural(s.errors, 'error')) : plural(0, 'error'));
    parts.push(s.warnings ? c.yellow(plural(s.warnings, 'warning')) : plural(0, 'warning'));
    if (s.needs_staff)
        parts.push(c.magenta(`${s.needs_staff} for staff`));
    if (s.skipped)
        parts.push(c.gray(`${s.skipped} skipped`));
    return parts.join(c.gray(' · '));
}
function outcomesLine(report) {
    if (report.releases.length === 0)
        return null;
    const counts = new Map();
    for (const r of report.releases)
        counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    return 'releases: ' + [...counts].map(([k, n]) => `${n} ${k.replace('_', ' ')}`).join(', ');
}
function formatReport(c, report, ctx) {
    const out = [];
    out.push(c.underline(displaySource(report, ctx.cwd)));
    out.push(`${verdictMark(c, report.verdict)}  ${countsLine(c, report)}`);
    const outcomes = outcomesLine(report);
    if (outcomes)
        out.push(c.gray(outcomes));
    const shown = report.checks.filter((check) => ctx.verbose || isFinding(check));
    const pad = Math.max(0, ...shown.map((k) => (k.line !== null ? `${k.line}:${k.column ?? 0}`.length : 0)));
    for (const group of groupChecks(report, shown)) {
        out.push('');
        const loc = locateFile(report, group.file, ctx.cwd);
        const heading = group.file === '' ? 'batch' : loc.entry ? `${loc.path} › ${loc.entry}` : loc.path;
        out.push('  ' + c.bold(heading));
        for (const [reference, checks] of group.byRelease) {
            let indent = '    ';
            if (reference !== '') {
                out.push('    ' + releaseHeading(c, report, group.file, reference));
                indent = '      ';
            }
            for (const check of mergeSkips(checks))
                out.push(...formatCheck(c, report, check, ctx, pad, indent, group.file));
        }
    }
    return out;
}
function summaryTable(c, reports, ctx) {
    const rows = reports.map((r) => [displaySource(r, ctx.cwd), r.verdict, String(r.summary.errors), String(r.summary.warnings), String(r.summary.skipped)]);
    const header = ['input', 'verdict', 'errors', 'warnings', 'skipped'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const cell = (text, i) => (i >= 2 ? text.padStart(widths[i]) : text.padEnd(widths[i]));
    const out = [c.bold(header.map(cell).join('  '))];
    reports.forEach((report, n) => {
        const row = rows[n].map(cell);
        const failing = reportFails(report, ctx.failOn);
        row[1] = failing ? c.red(row[1]) : c.green(row[1]);
        out.push(row.join('  '));
    });
    const failing = reports.filter((r) => reportFails(r, ctx.failOn)).length;
    out.push('');
    out.push(`${plural(reports.length, 'input')}, ${failing} failing --fail-on ${ctx.failOn}`);
    return out;
}
export const text = (reports, ctx) => {
    const c = new Chalk({ level: ctx.color ? 1 : 0 });
    const blocks = reports.map((r) => formatReport(c, r, ctx).join('\n'));
    if (reports.length > 1)
        blocks.push(summaryTable(c, reports, ctx).join('\n'));
    return blocks.join('\n\n') + '\n';
};
//# sourceMappingURL=text.js.map
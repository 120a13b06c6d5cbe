/**
 * The default, human formatter: per input its verdict, then the findings grouped by message file
 * and release, each with its location, DDEX path, a source excerpt with a caret, and the hint.
 * With more than one input, a summary table closes the output.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import type { Check, Report, Verdict } from '../types.js';
import { displaySource, locateFile } from './locations.js';
import { excerptOf } from './excerpt.js';
import { groupChecks, mergeSkips } from './grouping.js';
import { storesBlock } from './stores-text.js';
import { isFinding, reportFails } from './threshold.js';
import type { Formatter, FormatterContext } from './types.js';

const VERDICT_WORDS: Record<Verdict, string> = {
  would_import: 'would import',
  would_import_with_warnings: 'would import with warnings',
  would_be_flagged: 'would be flagged for staff review',
  would_be_rejected: 'would be rejected',
};

function verdictMark(c: ChalkInstance, verdict: Verdict): string {
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

function statusWord(c: ChalkInstance, check: Check): { plain: string; styled: string } {
  if (check.status === 'error') return { plain: 'error', styled: c.red('error') };
  if (check.needs_staff) return { plain: 'staff', styled: c.magenta('staff') };
  if (check.status === 'warning') return { plain: 'warning', styled: c.yellow('warning') };
  if (check.status === 'skipped') return { plain: 'skipped', styled: c.gray('skipped') };
  if (check.severity === 'info') return { plain: 'info', styled: c.cyan('info') };
  return { plain: 'pass', styled: c.green('pass') };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function releaseHeading(c: ChalkInstance, report: Report, file: string, reference: string): string {
  const release = report.releases.find((r) => r.reference === reference && r.file === file) ?? report.releases.find((r) => r.reference === reference);
  if (!release) return c.bold(`Release ${reference}`);
  const parts = [c.bold(`Release ${reference}`)];
  if (release.title) parts.push(`“${release.title}”`);
  if (release.upc) parts.push(c.gray(`UPC ${release.upc}`));
  parts.push(c.gray(`→ ${wouldBe(release.outcome)}`));
  return parts.join(' ');
}

function formatCheck(c: ChalkInstance, report: Report, check: Check, ctx: FormatterContext, pad: number, indent: string, groupFile: string): string[] {
  const where = check.line !== null ? `${check.line}:${check.column ?? 0}` : '';
  const status = statusWord(c, check);
  const lines = [
    `${indent}${c.dim(where.padEnd(pad))}  ${status.styled}${' '.repeat(Math.max(1, 9 - status.plain.length))}${check.message}  ${c.gray(check.rule)}`,
  ];
  const sub = indent + ' '.repeat(pad + 2);
  if (check.file !== groupFile && check.file !== '') lines.push(`${sub}${c.gray('in')} ${check.file}`);
  if (check.field) lines.push(`${sub}${c.gray('at')} ${check.field}`);
  if (check.line !== null && ctx.sourceLine) {
    const source = ctx.sourceLine(report, check.file, check.line);
    if (source !== undefined) {
      const ex = excerptOf(source, check.column);
      const gutter = String(check.line);
      lines.push(`${sub}${c.gray(gutter + ' |')} ${ex.text}`);
      lines.push(`${sub}${c.gray(' '.repeat(gutter.length) + ' |')} ${' '.repeat(ex.caret)}${c.red('^')}`);
    }
  }
  if (check.hint) lines.push(`${sub}${c.cyan('hint:')} ${check.hint}`);
  return lines;
}

function countsLine(c: ChalkInstance, report: Report): string {
  const s = report.summary;
  const parts: string[] = [];
  if (report.ern_version) parts.push(`ERN ${report.ern_version}`);
  parts.push(plural(s.messages, 'message'), plural(s.releases, 'release'));
  parts.push(s.errors ? c.red(plural(s.errors, 'error')) : plural(0, 'error'));
  parts.push(s.warnings ? c.yellow(plural(s.warnings, 'warning')) : plural(0, 'warning'));
  if (s.needs_staff) parts.push(c.magenta(`${s.needs_staff} for staff`));
  if (s.skipped) parts.push(c.gray(`${s.skipped} skipped`));
  return parts.join(c.gray(' · '));
}

function outcomesLine(report: Report): string | null {
  if (report.releases.length === 0) return null;
  const counts = new Map<string, number>();
  for (const r of report.releases) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  return 'releases: ' + [...counts].map(([k, n]) => `${n} ${wouldBe(k)}`).join(', ');
}

/** A report is a dry run: it says what an import would do ("would be created"), never that it did. */
function wouldBe(outcome: string): string {
  return `would be ${outcome.replace('_', ' ')}`;
}

function formatReport(c: ChalkInstance, report: Report, ctx: FormatterContext): string[] {
  const out: string[] = [];
  out.push(c.underline(displaySource(report, ctx.cwd)));
  // A verdict reached without the schema must say so on its own line, not only in a hint on stderr.
  const unchecked = report.checks.some((k) => k.rule === 'xml-schema-valid' && k.status === 'skipped') ? c.yellow(' (schema not checked)') : '';
  out.push(`${verdictMark(c, report.verdict)}${unchecked}  ${countsLine(c, report)}`);
  const outcomes = outcomesLine(report);
  if (outcomes) out.push(c.gray(outcomes));
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
      for (const check of mergeSkips(checks)) out.push(...formatCheck(c, report, check, ctx, pad, indent, group.file));
    }
  }
  out.push(...storesBlock(c, report));
  return out;
}

function summaryTable(c: ChalkInstance, reports: Report[], ctx: FormatterContext): string[] {
  const rows = reports.map((r) => [displaySource(r, ctx.cwd), r.verdict, String(r.summary.errors), String(r.summary.warnings), String(r.summary.skipped)]);
  const header = ['input', 'verdict', 'errors', 'warnings', 'skipped'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const cell = (text: string, i: number) => (i >= 2 ? text.padStart(widths[i]) : text.padEnd(widths[i]));
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

export const text: Formatter = (reports, ctx) => {
  const c = new Chalk({ level: ctx.color ? 1 : 0 });
  const blocks = reports.map((r) => formatReport(c, r, ctx).join('\n'));
  if (reports.length > 1) blocks.push(summaryTable(c, reports, ctx).join('\n'));
  return blocks.join('\n\n') + '\n';
};

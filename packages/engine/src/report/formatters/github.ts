/**
 * `--format github`: GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::…`),
 * which the runner turns into annotations on the pull request, then one plain verdict line per input.
 * Errors are `::error`, warnings and staff decisions `::warning`, info findings `::notice`.
 */
import type { Check, Report } from '../types.js';
import { displaySource, locateCheck } from './locations.js';
import { reportFails, verdictFails } from './threshold.js';
import { storeChecks, storesOf } from './store-checks.js';
import type { Formatter, FormatterContext } from './types.js';

// Escaping as in @actions/core (toCommandValue / escapeProperty).
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function command(check: Check): 'error' | 'warning' | 'notice' | null {
  if (check.status === 'error') return 'error';
  if (check.status === 'warning' || check.needs_staff) return 'warning';
  // Skipped checks are about the run, not the delivery (the verdict line counts them): annotations
  // are few per step on GitHub, so they go to findings only.
  if (check.status === 'skipped') return null;
  if (check.severity === 'info') return 'notice';
  return null;
}

function annotation(report: Report, check: Check, kind: string, ctx: FormatterContext, store?: string): string {
  const loc = locateCheck(report, check, ctx.cwd);
  const props = [`file=${escapeProperty(loc.path)}`];
  if (check.line !== null && !loc.entry) {
    props.push(`line=${check.line}`);
    if (check.column !== null) props.push(`col=${check.column}`);
  }
  props.push(`title=${escapeProperty(`${store ? `[${store}] ` : ''}${check.rule}${check.release ? ` (release ${check.release})` : ''}`)}`);
  const where = [loc.entry && `${loc.entry}${check.line !== null ? `:${check.line}:${check.column ?? 0}` : ''}`, check.field].filter(Boolean).join(' ');
  const body = [check.message, where && `at ${where}`, check.hint && `hint: ${check.hint}`].filter(Boolean).join('\n');
  return `::${kind} ${props.join(',')}::${escapeData(body)}`;
}

export const github: Formatter = (reports, ctx) => {
  const lines: string[] = [];
  for (const report of reports) {
    for (const check of report.checks) {
      const kind = command(check);
      if (kind) lines.push(annotation(report, check, kind, ctx));
    }
    for (const { name, check } of storeChecks(report)) {
      const kind = command(check);
      if (kind) lines.push(annotation(report, check, kind, ctx, name));
    }
  }
  for (const report of reports) {
    const s = report.summary;
    const mark = reportFails(report, ctx.failOn) ? 'FAIL' : 'ok';
    lines.push(`${mark} ${displaySource(report, ctx.cwd)}: ${report.verdict} (${s.errors} errors, ${s.warnings} warnings, ${s.skipped} skipped)`);
    for (const store of storesOf(report)) {
      const t = store.summary;
      lines.push(`${verdictFails(store.verdict, ctx.failOn) ? 'FAIL' : 'ok'} ${displaySource(report, ctx.cwd)} [${store.name}]: ${store.verdict} (${t.errors} errors, ${t.warnings} warnings, ${t.skipped} skipped, ${t.base_errors} base errors)`);
    }
  }
  return lines.join('\n') + '\n';
};

/**
 * A test report as the dashboard shows it, laid out as the CLI's text report is (the engine's
 * `groupChecks`, the same excerpt with its caret): the verdict and counts, then by message file
 * and release each finding with its place (line:column), its DDEX path, its source line and its
 * hint, then each store's verdict. Plain server-made HTML with no script per row, so a report of
 * thousands of checks shows at once.
 */
import { excerptOf, groupChecks, isFinding, mergeSkips, storesOf, type Check, type Report, type Verdict } from '@ddex-check/engine';
import { html, type SafeHtml } from './html.js';
import type { SourceLines } from '../test-reports/source-lines.js';

export const VERDICT_WORDS: Record<Verdict, string> = {
  would_import: 'Would import',
  would_import_with_warnings: 'Would import with warnings',
  would_be_flagged: 'Would be flagged for staff review',
  would_be_rejected: 'Would be rejected',
};

/** A verdict as a badge: a word and a shape, never a colour alone. */
export function verdictBadge(verdict: string): SafeHtml {
  const mark = verdict === 'would_import' ? '✔' : verdict === 'would_import_with_warnings' ? '⚠' : verdict === 'would_be_flagged' ? '⚑' : '✖';
  return html`<span class="verdict verdict-${verdict}"><span aria-hidden="true">${mark}</span> ${VERDICT_WORDS[verdict as Verdict] ?? verdict}</span>`;
}

function statusOf(check: Check): string {
  if (check.status === 'error') return 'error';
  if (check.needs_staff) return 'staff';
  if (check.status === 'warning') return 'warning';
  if (check.status === 'skipped') return 'skipped';
  if (check.severity === 'info') return 'info';
  return 'pass';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const wouldBe = (outcome: string) => `would be ${outcome.replace('_', ' ')}`;

function sourceLine(lines: SourceLines, check: Check): SafeHtml {
  if (check.line === null) return html``;
  const text = lines[check.file]?.[String(check.line)];
  if (text === undefined) return html``;
  const ex = excerptOf(text, check.column);
  return html`<pre class="source"><span class="gutter">${check.line} |</span> ${ex.text.slice(0, ex.caret)}<mark>${ex.text.slice(ex.caret, ex.caret + 1) || ' '}</mark>${ex.text.slice(ex.caret + 1)}</pre>`;
}

function checkItem(check: Check, lines: SourceLines, groupFile: string): SafeHtml {
  const status = statusOf(check);
  const where = check.line !== null ? `${check.line}:${check.column ?? 0}` : '';
  return html`<li class="check check-${status}"><div class="check-line"><span class="where">${where}</span><span class="status status-${status}">${status}</span><span class="message">${check.message}</span><code class="rule">${check.rule}</code></div>${
    check.file !== groupFile && check.file !== '' ? html`<div class="sub"><span class="key">in</span> ${check.file}</div>` : ''
  }${check.field ? html`<div class="sub"><span class="key">at</span> <code>${check.field}</code></div>` : ''}${sourceLine(lines, check)}${check.hint ? html`<div class="sub hint-line"><span class="key">hint</span> ${check.hint}</div>` : ''}</li>`;
}

function releaseHeading(report: Report, file: string, reference: string): SafeHtml {
  const release = report.releases.find((r) => r.reference === reference && r.file === file) ?? report.releases.find((r) => r.reference === reference);
  if (!release) return html`<h4>Release ${reference}</h4>`;
  return html`<h4>Release ${reference}${release.title ? html` “${release.title}”` : ''}${release.upc ? html` <span class="muted">UPC ${release.upc}</span>` : ''} <span class="muted">→ ${wouldBe(release.outcome)}</span></h4>`;
}

function countsLine(report: Report): string {
  const s = report.summary;
  const parts: string[] = [];
  if (report.ern_version) parts.push(`ERN ${report.ern_version}`);
  parts.push(plural(s.messages, 'message'), plural(s.releases, 'release'), plural(s.errors, 'error'), plural(s.warnings, 'warning'));
  if (s.needs_staff) parts.push(`${s.needs_staff} for staff`);
  if (s.skipped) parts.push(`${s.skipped} skipped`);
  return parts.join(' · ');
}

function storesTable(report: Report): SafeHtml {
  const stores = storesOf(report);
  if (stores.length === 0) return html``;
  return html`<h2>Stores</h2><div class="table-wrap"><table><caption class="visually-hidden">Verdict per store</caption>
<thead><tr><th scope="col">Store</th><th scope="col">Verdict</th><th scope="col">Errors</th><th scope="col">Warnings</th><th scope="col">Skipped</th><th scope="col">Decided by</th></tr></thead>
<tbody>${stores.map((s) => {
    const deciding = [...new Set(s.checks.filter((k) => k.status === 'error' || k.status === 'warning' || k.needs_staff).map((k) => k.requirement ?? k.rule))];
    if (s.base_errors.length) deciding.push(`base: ${s.base_errors.join(', ')}`);
    return html`<tr><th scope="row">${s.name}</th><td>${verdictBadge(s.verdict)}</td><td>${s.summary.errors}</td><td>${s.summary.warnings}</td><td>${s.summary.skipped}</td><td>${deciding.join(', ') || '—'}</td></tr>`;
  })}</tbody></table></div>${stores.map((s) => {
    const findings = s.checks.filter(isFinding);
    if (findings.length === 0) return '';
    return html`<h3>${s.name}</h3><ul class="checks">${findings.map((k) => checkItem(k, {}, k.file))}</ul>`;
  })}`;
}

/** The report's body (below the page's heading). `all`: passes too (the CLI's --verbose). */
export function reportHtml(report: Report, lines: SourceLines, o: { all?: boolean } = {}): SafeHtml {
  const shown = report.checks.filter((check) => o.all || isFinding(check));
  const outcomes = new Map<string, number>();
  for (const r of report.releases) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  const schemaUnchecked = report.checks.some((k) => k.rule === 'xml-schema-valid' && k.status === 'skipped');
  return html`<div class="report-head"><p class="verdict-line">${verdictBadge(report.verdict)}${schemaUnchecked ? html` <span class="muted">(schema not checked)</span>` : ''}</p>
<p class="counts">${countsLine(report)}</p>${outcomes.size ? html`<p class="muted">releases: ${[...outcomes].map(([k, n]) => `${n} ${wouldBe(k)}`).join(', ')}</p>` : ''}</div>
${shown.length === 0 ? html`<p class="empty">No finding: every check passed.</p>` : ''}${groupChecks(report, shown).map(
    (group) => html`<section class="report-file"><h3>${group.file === '' ? 'batch' : group.file}</h3>${[...group.byRelease].map(
      ([reference, checks]) => html`${reference !== '' ? releaseHeading(report, group.file, reference) : ''}<ul class="checks">${mergeSkips(checks).map((check) => checkItem(check, lines, group.file))}</ul>`,
    )}</section>`,
  )}${storesTable(report)}`;
}

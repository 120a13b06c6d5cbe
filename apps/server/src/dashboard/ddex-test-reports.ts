/**
 * DDEX → Test reports: every dry run of the last 90 days (API, SFTP /test, and files dropped on
 * this page), filtered by verdict, source and date; a test started here by dropping a zip or XML
 * (uploaded with progress by ddex.js, through `runDryRun`, the path of POST /ddex/validate); and
 * one report, read like the CLI's text report, with its JSON to download.
 */
import { VERDICTS, type Verdict } from '@ddex-check/engine';
import type { FastifyRequest } from 'fastify';
import { runDryRun } from '../ddex/dry-run.js';
import { ApiError } from '../http/api-error.js';
import { assetUrl } from './assets.js';
import { dashboardPage, html, when } from './layout.js';
import { signedIn, type DashboardPage } from './page.js';
import { reportHtml, VERDICT_WORDS, verdictBadge } from './test-report-html.js';
import { getTestReport, listTestReports, TEST_REPORT_RETENTION_DAYS, type TestReportFilter } from '../test-reports/store.js';
import { TEST_REPORT_SOURCES, type TestReportSource } from '../test-reports/tables.js';
import { pageId } from '../http/ids.js';

const BASE = '/dashboard/ddex/test-reports';
const SOURCE_WORDS: Record<TestReportSource, string> = { api: 'API', sftp: 'SFTP /test', dashboard: 'Dashboard' };
const auth = { via: ['session'] as const, scope: 'ddex:validate' as const };

/** The filter of the query string; a value that is not one of the choices is an error naming it. */
function filterOf(request: FastifyRequest): { filter: TestReportFilter; error: string | null; raw: Record<string, string> } {
  const q = request.query as Record<string, string | undefined>;
  const raw = { verdict: q.verdict ?? '', source: q.source ?? '', from: q.from ?? '', to: q.to ?? '' };
  const filter: TestReportFilter = {};
  const errors: string[] = [];
  if (raw.verdict) (VERDICTS as readonly string[]).includes(raw.verdict) ? (filter.verdict = raw.verdict) : errors.push(`verdict "${raw.verdict}" is not one of ${VERDICTS.join(', ')}`);
  if (raw.source) (TEST_REPORT_SOURCES as readonly string[]).includes(raw.source) ? (filter.source = raw.source as TestReportSource) : errors.push(`source "${raw.source}" is not one of ${TEST_REPORT_SOURCES.join(', ')}`);
  for (const key of ['from', 'to'] as const) {
    if (!raw[key]) continue;
    if (/^\d{4}-\d{2}-\d{2}$/.test(raw[key]) && !Number.isNaN(Date.parse(raw[key]))) filter[key] = raw[key];
    else errors.push(`${key} "${raw[key]}" is not a date (YYYY-MM-DD)`);
  }
  return { filter, error: errors.length ? `Filter not applied in part: ${errors.join('; ')}.` : null, raw };
}

const option = (value: string, label: string, selected: string) => html`<option value="${value}"${value === selected ? html` selected` : ''}>${label}</option>`;

const reportId = (request: FastifyRequest) => pageId((request.params as { id: string }).id, 'test report');

export const TEST_REPORT_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: BASE,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const { filter, error, raw } = filterOf(request);
      const rows = await listTestReports(ctx.db, caller.account.id, { filter });
      const filtered = Object.keys(filter).length > 0;
      return dashboardPage(reply, {
        title: 'Test reports',
        section: 'test-reports',
        caller,
        error: error ?? undefined,
        body: html`<link rel="stylesheet" href="${assetUrl('ddex.css')}"><script src="${assetUrl('ddex.js')}" defer></script>
<p class="lead">Every test of the last ${TEST_REPORT_RETENTION_DAYS} days: sent to POST /ddex/validate, put in SFTP /test, or dropped here. A test checks everything a delivery gets checked for and changes nothing in the catalog.</p>
<section class="dropzone" data-upload="${BASE}" aria-labelledby="run-test">
<h2 id="run-test">Run a test</h2>
<p class="hint">Drop a batch (.zip) or a message (.xml) here, or choose one. Up to 100 MiB.</p>
<div class="upload-row"><label for="test-file">Batch or message</label> <input type="file" id="test-file" name="file" accept=".zip,.xml,application/zip,application/xml,text/xml"> <button type="button" class="primary" data-upload-start>Run test</button></div>
<div class="upload-progress" hidden><progress max="100" value="0" aria-label="Upload progress"></progress> <span class="upload-status" role="status" aria-live="polite"></span></div>
<p class="upload-error alert" role="alert" hidden></p>
</section>
<h2 id="reports">Reports</h2>
<form method="get" action="${BASE}" class="filters" aria-label="Filter test reports">
<label>Verdict <select name="verdict">${option('', 'Any', raw.verdict)}${VERDICTS.map((v) => option(v, VERDICT_WORDS[v as Verdict], raw.verdict))}</select></label>
<label>Source <select name="source">${option('', 'Any', raw.source)}${TEST_REPORT_SOURCES.map((s) => option(s, SOURCE_WORDS[s], raw.source))}</select></label>
<label>From <input type="date" name="from" value="${filter.from ?? ''}"></label>
<label>To <input type="date" name="to" value="${filter.to ?? ''}"></label>
<button type="submit">Filter</button>${filtered ? html` <a href="${BASE}">Clear</a>` : ''}
</form>
${
  rows.length === 0
    ? html`<p class="empty">${filtered ? 'No test report matches this filter.' : 'No test yet. Run one above, or send a batch to POST /ddex/validate or SFTP /test.'}</p>`
    : html`<div class="table-wrap"><table><caption class="visually-hidden">Test reports, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Batch</th><th scope="col">Source</th><th scope="col">Verdict</th><th scope="col">Errors</th><th scope="col">Warnings</th></tr></thead>
<tbody>${rows.map(
        (r) => html`<tr><td>${when(r.created_at)}</td><td><a href="${BASE}/${r.id}">${r.name}</a></td><td>${SOURCE_WORDS[r.source as TestReportSource] ?? r.source}</td><td>${verdictBadge(r.verdict)}</td><td>${r.summary.errors ?? 0}</td><td>${r.summary.warnings ?? 0}</td></tr>`,
      )}</tbody></table></div>`
}`,
      });
    },
  },
  {
    // The page's upload: the body is the file itself (what ddex.js sends, with `?name=`), read and
    // checked by the dry run of POST /ddex/validate; answers where its report is.
    method: 'POST',
    path: BASE,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const { testReportId, verdict } = await runDryRun(ctx, caller, request, 'dashboard');
      const url = `${BASE}/${testReportId}`;
      if (/application\/json/.test(String(request.headers.accept ?? ''))) return reply.code(201).send({ id: testReportId, url, verdict });
      return reply.redirect(url, 303);
    },
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const found = await getTestReport(ctx.db, caller.account.id, reportId(request));
      if (!found) throw new ApiError(404, 'not_found', 'There is no such test report.');
      const all = (request.query as { all?: string }).all === '1';
      return dashboardPage(reply, {
        title: `Test report: ${found.name}`,
        section: 'test-reports',
        caller,
        body: html`<link rel="stylesheet" href="${assetUrl('ddex.css')}">
<p class="meta">${SOURCE_WORDS[found.source as TestReportSource] ?? found.source} · ${when(found.created_at)} · <a href="${BASE}/${found.id}/report.json" download>Download JSON</a> · ${
          all ? html`<a href="${BASE}/${found.id}">Findings only</a>` : html`<a href="${BASE}/${found.id}?all=1">Show passed checks too</a>`
        } · <a href="${BASE}">All test reports</a></p>
${reportHtml(found.report, found.sourceLines, { all })}`,
      });
    },
  },
  {
    method: 'GET',
    path: `${BASE}/:id/report.json`,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const found = await getTestReport(ctx.db, caller.account.id, reportId(request));
      if (!found) throw new ApiError(404, 'not_found', 'There is no such test report.');
      const file = `${found.name.replace(/[^\w.-]+/g, '_').replace(/\.(zip|xml)$/i, '')}.report.json`;
      reply.header('content-type', 'application/json; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store');
      return reply.send(JSON.stringify(found.report, null, 2));
    },
  },
];

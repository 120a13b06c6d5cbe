/**
 * Test reports: every dry run of an account (POST /ddex/validate, SFTP /test, a file dropped on the
 * dashboard) is kept with its source, name, verdict, summary, the report itself and the source
 * lines of its findings for 90 days (spec 1, 8); the dashboard lists and shows them.
 */
import type { Kysely } from 'kysely';
import type { Report } from '@ddex-check/engine';
import type { Database } from '../db/schema.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { isoIn, nowIso } from '../clock.js';
import { compiledOnce, rowsOf } from '../db/compiled-once.js';
import type { TestReportSource, TestReportTable } from './tables.js';
import type { SourceLines } from './source-lines.js';
import './tables.js';

export const TEST_REPORT_RETENTION_DAYS = 90;

/** The report as an object, or already serialized (a dry run through the API: the bytes of its answer's `data`, with the verdict and summary). */
type StoredReport = { report: Report } | { reportJson: string; verdict: Report['verdict']; summary: Report['summary'] };

/** Compiled once: every dry run stores one. */
const insertTestReport = compiledOnce((db, row: Omit<TestReportTable, 'id'>) => db.insertInto('test_reports').values(row).returning('id'));

export async function storeTestReport(db: Kysely<Database>, o: { accountId: number; source: TestReportSource; name: string; sourceLines?: SourceLines } & StoredReport): Promise<number> {
  const { verdict, summary, json } = 'report' in o ? { verdict: o.report.verdict, summary: o.report.summary, json: JSON.stringify(o.report) } : { verdict: o.verdict, summary: o.summary, json: o.reportJson };
  const sourceLines = o.sourceLines ? JSON.stringify(o.sourceLines) : null;
  const [row] = await rowsOf(db, insertTestReport(db, { account_id: o.accountId, source: o.source, name: o.name, verdict, summary: JSON.stringify(summary), report: json, source_lines: sourceLines, created_at: nowIso() }));
  return row.id;
}

export interface TestReportFilter {
  verdict?: string;
  source?: TestReportSource;
  /** Days `YYYY-MM-DD`, both included (UTC). */
  from?: string;
  to?: string;
}

/**
 * Newest first, within the 90 days kept (rows past them wait for the retention job but are not
 * shown), without the report body (`withReport` adds it).
 */
export async function listTestReports(db: Kysely<Database>, accountId: number, o: { withReport?: boolean; filter?: TestReportFilter; limit?: number } = {}) {
  const f = o.filter ?? {};
  let q = db.selectFrom('test_reports').selectAll().where('account_id', '=', accountId).where('created_at', '>=', isoIn(-TEST_REPORT_RETENTION_DAYS * 86_400_000));
  if (f.verdict) q = q.where('verdict', '=', f.verdict);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.from) q = q.where('created_at', '>=', `${f.from}T00:00:00.000Z`);
  // The day's last instant: created_at is an ISO string, so anything of that day sorts below `T24`.
  if (f.to) q = q.where('created_at', '<', `${f.to}T24`);
  const rows = await q.orderBy('id', 'desc').limit(o.limit ?? 500).execute();
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    name: r.name,
    verdict: r.verdict,
    summary: JSON.parse(r.summary) as Report['summary'],
    created_at: r.created_at,
    ...(o.withReport ? { report: JSON.parse(r.report) as Report } : {}),
  }));
}

/** One test report of the account, with its report and source lines; null when absent, too old, or another account's. */
export async function getTestReport(db: Kysely<Database>, accountId: number, id: number) {
  const r = await db
    .selectFrom('test_reports')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('created_at', '>=', isoIn(-TEST_REPORT_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    source: r.source,
    name: r.name,
    verdict: r.verdict,
    created_at: r.created_at,
    report: JSON.parse(r.report) as Report,
    sourceLines: (r.source_lines ? JSON.parse(r.source_lines) : {}) as SourceLines,
  };
}

/** Removes test reports older than 90 days (a recurring job). */
export const testReportRetentionJob: JobHandler = {
  kind: 'test_reports.retention',
  async run(_payload, ctx) {
    const result = await ctx.db.deleteFrom('test_reports').where('created_at', '<', isoIn(-TEST_REPORT_RETENTION_DAYS * 86_400_000)).executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed) ctx.log.info({ removed }, 'test reports past 90 days removed');
  },
};

/**
 * Test reports: every dry run of an account (POST /ddex/validate, SFTP /test) is kept with its
 * source, name, verdict, summary and the report itself for 90 days (spec 1, 8); the dashboard lists them.
 */
import type { Kysely } from 'kysely';
import type { Report } from '@ddex-check/engine';
import type { Database } from '../db/schema.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { isoIn, nowIso } from '../clock.js';
import type { TestReportSource } from './tables.js';
import './tables.js';

export const TEST_REPORT_RETENTION_DAYS = 90;

/** The report as an object, or already serialized (a dry run through the API: the bytes of its answer's `data`, with the verdict and summary). */
type StoredReport = { report: Report } | { reportJson: string; verdict: Report['verdict']; summary: Report['summary'] };

export async function storeTestReport(db: Kysely<Database>, o: { accountId: number; source: TestReportSource; name: string } & StoredReport): Promise<number> {
  const { verdict, summary, json } = 'report' in o ? { verdict: o.report.verdict, summary: o.report.summary, json: JSON.stringify(o.report) } : { verdict: o.verdict, summary: o.summary, json: o.reportJson };
  const row = await db
    .insertInto('test_reports')
    .values({
      account_id: o.accountId,
      source: o.source,
      name: o.name,
      verdict,
      summary: JSON.stringify(summary),
      report: json,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first, without the report body (`withReport` adds it). */
export async function listTestReports(db: Kysely<Database>, accountId: number, o: { withReport?: boolean } = {}) {
  const rows = await db.selectFrom('test_reports').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    name: r.name,
    verdict: r.verdict,
    summary: JSON.parse(r.summary) as Record<string, number>,
    created_at: r.created_at,
    ...(o.withReport ? { report: JSON.parse(r.report) as Report } : {}),
  }));
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

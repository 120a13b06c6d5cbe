/**
 * A dry run, whichever door it came through: POST /ddex/validate (a key) and the dashboard's Test
 * reports page (a session, a file dropped on the page) both call `runDryRun`, so the two answer the
 * same report and keep the same test report. The body arrives first, then the dry run takes a slot
 * of this process, runs the engine in a worker thread, and keeps the report with its source lines.
 */
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import { accountStores } from '../stores/account-stores.js';
import { ApiError } from '../http/api-error.js';
import { receiveBatch } from '../http/request-body.js';
import { resolveMember } from '../members/resolve-member.js';
import type { AppContext } from '../http/route-spec.js';
import { bodyGuardOf } from '../http/body-guard.js';
import type { TestReportSource } from '../test-reports/tables.js';
import type { ReportJson } from './engine-task.js';
import { dryRunSeconds, secondsSince } from '../ops/metrics.js';

/** A dry-run slot of this process, when both the process's and the caller's credential's limits allow one. */
function takeSlot(ctx: AppContext, limitKey: string): { release(): void } | null {
  const inFlight = ctx.validationsInFlight;
  const mine = inFlight.byKey.get(limitKey) ?? 0;
  if (inFlight.count >= ctx.config.limits.validateConcurrent || mine >= ctx.config.limits.validateConcurrentPerKey) return null;
  inFlight.count++;
  inFlight.byKey.set(limitKey, mine + 1);
  return {
    release() {
      inFlight.count--;
      const left = (inFlight.byKey.get(limitKey) ?? 1) - 1;
      if (left > 0) inFlight.byKey.set(limitKey, left);
      else inFlight.byKey.delete(limitKey);
    },
  };
}

/** Bodies up to this size stay in memory and are copied to the worker; larger ones go through a file. */
const IN_MEMORY_BYTES = 16 * 1024 * 1024;

/**
 * Runs the dry run of the request's body for the caller's account: the 200 answer's bytes as the
 * engine thread serialized them (answer-json.ts), the report's verdict and summary, and the test
 * report's id.
 */
export async function runDryRun(ctx: AppContext, caller: Caller, request: FastifyRequest, source: TestReportSource): Promise<ReportJson & { testReportId: number }> {
  const query = request.query as { member_id?: string; name?: string };
  let memberId = query.member_id !== undefined ? await resolveMember(ctx.db, caller.account.id, query.member_id) : null;
  const limit = ctx.config.limits.validateBytes;
  // The body arrives first, holding no slot: a stalled or slow upload keeps nobody else waiting.
  const batch = await receiveBatch(request, {
    blobs: ctx.blobs,
    nameParam: query.name,
    rawLimit: limit,
    multipartLimit: limit,
    memoryBytes: IN_MEMORY_BYTES,
    tooLargeMessage: 'Too large for a dry run; deliver it with POST /ddex',
    guard: bodyGuardOf(ctx.config),
  });
  const spilled = batch.content.kind === 'file' ? batch.content.path : null;
  const slot = takeSlot(ctx, caller.limitKey);
  try {
    if (!slot) {
      const { validateConcurrent, validateConcurrentPerKey } = ctx.config.limits;
      throw new ApiError(429, 'busy', `Too many dry runs at once (at most ${validateConcurrent}, and ${validateConcurrentPerKey} per key); retry shortly.`, {}, { 'retry-after': '1' });
    }
    memberId ??= await resolveMember(ctx.db, caller.account.id, batch.memberIdField);
    const input = batch.content.kind === 'buffer' ? ({ kind: 'buffer', bytes: batch.content.buffer } as const) : ({ kind: 'file', path: batch.content.path } as const);
    if (ctx.config.testValidatePauseMs) await new Promise((r) => setTimeout(r, ctx.config.testValidatePauseMs));
    const started = performance.now();
    let report: ReportJson;
    try {
      // Every dry run is a test report of the account (kept 90 days, listed by the dashboard), stored
      // by the engine thread before it answers: a partner who reads the answer and then looks for the
      // report finds it. The thread also reads the source lines its findings point at, as the CLI prints them.
      report = await ctx.validatePool.runJson(input, batch.name, memberId, { stores: await accountStores(ctx.db, caller.account.id), testReport: { accountId: caller.account.id, source }, handOver: true });
    } catch (error) {
      dryRunSeconds.observe({ outcome: 'error' }, secondsSince(started));
      throw error;
    }
    dryRunSeconds.observe({ outcome: report.verdict ?? 'done' }, secondsSince(started));
    return { ...report, testReportId: report.testReportId! };
  } finally {
    slot?.release();
    if (spilled) await ctx.blobs.removeTemp(spilled);
  }
}

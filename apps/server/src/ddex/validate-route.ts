/** POST /ddex/validate: a dry run in a worker thread; 200 with the report whatever the batch's problems. */
import { accountStores } from '../stores/account-stores.js';
import { ApiError } from '../http/api-error.js';
import { receiveBatch } from '../http/request-body.js';
import { resolveMember } from '../members/resolve-member.js';
import type { AppContext, RouteSpec } from '../http/route-spec.js';
import { bodyGuardOf } from '../http/body-guard.js';
import { storeTestReport } from '../test-reports/store.js';
import { validateAnswerJson } from './answer-json.js';

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

export const validateRoute: RouteSpec = {
  method: 'POST',
  path: '/ddex/validate',
  operationId: 'validateBatch',
  summary: 'Dry run: check a batch without importing anything',
  description:
    'Body: raw zip (application/zip), raw XML (application/xml) or multipart/form-data with `file` (and `member_id`). ' +
    'A faulty batch still answers 200 with every check and a verdict. Limits (our choice, the spec leaves them open): ' +
    'bodies above 100 MiB answer 413 too_large (deliver them with POST /ddex); once the body has arrived, more than 4 dry runs at once in one server process, or more than 2 of one key, answer 429 busy with Retry-After. ' +
    'A body that sends nothing for 30 s, or less than 8 KiB/s over 30 s, answers 408 request_timeout and is dropped. ' +
    'Every dry run is kept 90 days as a test report of the account (the dashboard lists them with those sent to SFTP /test).',
  scope: 'ddex:validate',
  querystring: 'batch-query.schema.json',
  batchBody: { maxRawBytes: 100 * 1024 * 1024, maxMultipartBytes: 100 * 1024 * 1024 },
  success: { status: 200, schema: 'validate-response.schema.json', description: 'The validation report' },
  errors: [
    { status: 400, codes: ['invalid'] },
    { status: 404, codes: ['not_found'] },
    { status: 408, codes: ['request_timeout'] },
    { status: 413, codes: ['too_large'] },
    { status: 429, codes: ['busy', 'rate_limited'] },
  ],
  async handler(ctx, caller, request, reply) {
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
      // The engine thread serializes the answer (answer-json.ts): its bytes are sent as they are.
      const report = await ctx.validatePool.runJson(input, batch.name, memberId, { stores: await accountStores(ctx.db, caller.account.id) });
      // Every dry run is a test report of the account (kept 90 days, listed by the dashboard), stored
      // before the answer: a partner who reads the answer and then looks for the report finds it.
      await storeTestReport(ctx.db, { accountId: caller.account.id, source: 'api', name: batch.name, reportJson: report.json, verdict: report.verdict, summary: report.summary });
      reply.type('application/json; charset=utf-8');
      return validateAnswerJson(report.json);
    } finally {
      slot?.release();
      if (spilled) await ctx.blobs.removeTemp(spilled);
    }
  },
};

/** POST /ddex/validate: a dry run in a worker thread; 200 with the report whatever the batch's problems. */
import { ApiError } from '../http/api-error.js';
import { receiveBatch } from '../http/request-body.js';
import { resolveMember } from '../members/resolve-member.js';
import type { RouteSpec } from '../http/route-spec.js';

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
    'bodies above 100 MB answer 413 too_large (deliver them with POST /ddex); more than 4 dry runs at once in one server process answer 429 busy with Retry-After.',
  scope: 'ddex:validate',
  querystring: 'batch-query.schema.json',
  batchBody: { maxRawBytes: 100 * 1024 * 1024, maxMultipartBytes: 100 * 1024 * 1024 },
  success: { status: 200, schema: 'validate-response.schema.json', description: 'The validation report' },
  errors: [
    { status: 400, codes: ['invalid'] },
    { status: 404, codes: ['not_found'] },
    { status: 413, codes: ['too_large'] },
    { status: 429, codes: ['busy', 'rate_limited'] },
  ],
  async handler(ctx, caller, request) {
    const query = request.query as { member_id?: number; name?: string };
    const inFlight = ctx.validationsInFlight;
    if (inFlight.count >= ctx.config.limits.validateConcurrent) {
      throw new ApiError(429, 'busy', `Too many dry runs at once (${ctx.config.limits.validateConcurrent}); retry shortly.`, {}, { 'retry-after': '1' });
    }
    inFlight.count++;
    let spilled: string | null = null;
    try {
      let memberId = query.member_id !== undefined ? await resolveMember(ctx.db, caller.account.id, query.member_id) : null;
      const limit = ctx.config.limits.validateBytes;
      const batch = await receiveBatch(request, {
        blobs: ctx.blobs,
        nameParam: query.name,
        rawLimit: limit,
        multipartLimit: limit,
        memoryBytes: IN_MEMORY_BYTES,
        tooLargeMessage: 'Too large for a dry run; deliver it with POST /ddex',
      });
      if (batch.content.kind === 'file') spilled = batch.content.path;
      memberId ??= await resolveMember(ctx.db, caller.account.id, batch.memberIdField);
      const input = batch.content.kind === 'buffer' ? ({ kind: 'buffer', bytes: batch.content.buffer } as const) : ({ kind: 'file', path: batch.content.path } as const);
      const report = await ctx.validatePool.run(input, batch.name, memberId);
      return { data: report };
    } finally {
      inFlight.count--;
      if (spilled) await ctx.blobs.removeTemp(spilled);
    }
  },
};

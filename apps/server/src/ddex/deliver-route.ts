/**
 * POST /ddex: the body is streamed to the blob store (never held in memory), then the delivery is
 * queued as a job in the database and answered 202. The row is written only once the whole body
 * is stored, so a crash mid-upload leaves no half delivery.
 */
import { receiveBatch } from '../http/request-body.js';
import { urlFor } from '../http/base-url.js';
import { resolveMember } from '../members/resolve-member.js';
import type { RouteSpec } from '../http/route-spec.js';
import { queueDelivery } from './queue-delivery.js';
import { DELIVERY_JOB } from './delivery-job.js';
import { bodyGuardOf } from '../http/body-guard.js';

const GB = 1024 * 1024 * 1024;

export const deliverRoute: RouteSpec = {
  method: 'POST',
  path: '/ddex',
  operationId: 'deliverBatch',
  summary: 'Deliver a batch',
  description:
    'Each release becomes a draft (release_status in_review) on `member_id` (own catalog when omitted); a UPC already on the member updates its draft while it awaits review (in_review, changes_requested); ' +
    'takedowns, updates of releases staff approved (live or not yet), took down or archived, and UPCs of another member wait for staff (outcome `flagged`; the release keeps its approved data). Raw body up to 20 GiB, multipart `file` up to 512 MiB. ' +
    'The delivery then moves queued -> parsing -> validating -> importing -> done | partial | failed (see GET /ddex/{id}).',
  scope: 'ddex:write',
  querystring: 'batch-query.schema.json',
  batchBody: { maxRawBytes: 20 * GB, maxMultipartBytes: 512 * 1024 * 1024 },
  success: { status: 202, schema: 'deliver-response.schema.json', description: 'Queued' },
  errors: [
    { status: 400, codes: ['invalid'] },
    { status: 404, codes: ['not_found'] },
    { status: 408, codes: ['request_timeout'] },
    { status: 413, codes: ['too_large'] },
    { status: 429, codes: ['rate_limited'] },
  ],
  async handler(ctx, caller, request, reply) {
    const query = request.query as { member_id?: string; name?: string };
    let memberId = query.member_id !== undefined ? await resolveMember(ctx.db, caller.account.id, query.member_id) : null;
    const batch = await receiveBatch(request, {
      blobs: ctx.blobs,
      nameParam: query.name,
      rawLimit: ctx.config.limits.deliverRawBytes,
      multipartLimit: ctx.config.limits.deliverMultipartBytes,
      memoryBytes: 0,
      tooLargeMessage: 'Too large: over the raw or multipart limit of POST /ddex; send it as a direct upload (POST /ddex/uploads)',
      guard: bodyGuardOf(ctx.config),
    });
    if (batch.content.kind !== 'file') throw new Error('delivery body was not written to a file');
    try {
      memberId ??= await resolveMember(ctx.db, caller.account.id, batch.memberIdField);
    } catch (error) {
      await ctx.blobs.removeTemp(batch.content.path);
      throw error;
    }
    const blobKey = await ctx.blobs.putFile(batch.content.path, batch.name);
    const id = await ctx.db.transaction().execute((trx) =>
      queueDelivery(trx, { accountId: caller.account.id, memberId: memberId!, batchName: batch.name, blobKey, sizeBytes: batch.size, maxAttempts: ctx.config.deliveryMaxAttempts }),
    );
    ctx.jobs.nudge(DELIVERY_JOB);
    reply.code(202);
    return { data: { id, status: 'queued', environment: 'production', status_url: urlFor(request, `/ddex/${id}`) } };
  },
};

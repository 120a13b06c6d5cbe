/**
 * Direct uploads (spec 4.1, 2.3, 3.2): POST /ddex/uploads plans the parts and answers their
 * presigned-style URLs; the client PUTs each part (any order, in parallel, again to replace it);
 * GET tells what arrived and gives fresh URLs for what did not; commit checks every part's size and
 * queues the batch exactly as POST /ddex; DELETE drops it. The blob store says where parts go: the
 * local folder receives them through this server's signed URLs, S3 through its own presigned URLs.
 */
import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext, RouteSpec } from '../../http/route-spec.js';
import { ApiError, notFound } from '../../http/api-error.js';
import { readJsonBody } from '../../http/json-body.js';
import { parseId } from '../../http/ids.js';
import { urlFor } from '../../http/base-url.js';
import { receiveBatch } from '../../http/request-body.js';
import { bodyGuardOf } from '../../http/body-guard.js';
import { checkBatchName } from '../../http/batch-name.js';
import { resolveMember } from '../../members/resolve-member.js';
import { nowIso, nowMs } from '../../clock.js';
import { queueDelivery } from '../queue-delivery.js';
import { DELIVERY_JOB } from '../delivery-job.js';
import { checkPartSignature, signPart, URL_LIFETIME_S } from './part-urls.js';
import { uploadBlobKey } from './join-upload.js';
import type { UploadTable } from './tables.js';
import type { PartUpload, StoredPart } from '../../blob/blob-store.js';
import './tables.js';

const MiB = 1024 * 1024;
export const SINGLE_MAX_BYTES = 64 * MiB;
export const MIN_PART_SIZE = 16 * MiB;
export const MAX_PARTS = 10_000;

/** Parts of S3's shape: at least 16 MiB (S3's minimum is 5 MiB), whole MiB, at most 10,000 parts. */
export function partPlan(size: number): { method: 'single' | 'multipart'; partSize: number; parts: number } {
  if (size <= SINGLE_MAX_BYTES) return { method: 'single', partSize: size, parts: 1 };
  const partSize = Math.max(MIN_PART_SIZE, Math.ceil(size / MAX_PARTS / MiB) * MiB);
  return { method: 'multipart', partSize, parts: Math.ceil(size / partSize) };
}

// PostgreSQL answers bigint columns as strings: sizes are read through Number().
const expectedSize = (u: Selectable<UploadTable>, n: number) => (n < u.parts_total ? Number(u.part_size) : Number(u.size) - Number(u.part_size) * (u.parts_total - 1));

async function ownUpload(ctx: AppContext, accountId: number, idText: string) {
  const row = await ctx.db.selectFrom('uploads').selectAll().where('id', '=', parseId(idText, 'id')).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const partUpload = (u: Pick<Selectable<UploadTable>, 'id' | 'name' | 'store_ref'>): PartUpload => ({ id: u.id, name: u.name, storeRef: u.store_ref });

async function uploadView(ctx: AppContext, request: FastifyRequest, u: Selectable<UploadTable>, withProgress: boolean) {
  const path = `/ddex/uploads/${u.id}`;
  const base = { id: u.id, status: u.status, environment: 'production' as const, name: u.name, size: Number(u.size), expires_in: URL_LIFETIME_S, commit_url: new URL(urlFor(request, `${path}/commit`)).pathname };
  if (u.status === 'committed') {
    return { ...base, upload: { method: u.parts_total === 1 && Number(u.size) <= SINGLE_MAX_BYTES ? ('single' as const) : ('multipart' as const), url: null, parts: [] }, delivery_id: u.delivery_id!, status_url: urlFor(request, `/ddex/${u.delivery_id}`), received_parts: u.parts_total, parts_total: u.parts_total };
  }
  const ref = partUpload(u);
  // A part counts as received when it has its expected size; a wrong-size one is to be sent again.
  const received = new Set(withProgress ? (await ctx.blobs.listParts(ref)).filter((p) => p.partNumber <= u.parts_total && p.size === expectedSize(u, p.partNumber)).map((p) => p.partNumber) : []);
  const signedAt = new Date(nowMs());
  const now = Math.floor(signedAt.getTime() / 1000);
  const serverUrl = (n: number) => () => urlFor(request, `${path}/parts/${n}?${signPart(ctx.config.dataDir, u.id, n, now)}`);
  const partUrl = (n: number) => ctx.blobs.partUrl(ref, n, expectedSize(u, n), signedAt, URL_LIFETIME_S, serverUrl(n));
  const single = Number(u.size) <= SINGLE_MAX_BYTES;
  const missing = Array.from({ length: u.parts_total }, (_, i) => i + 1).filter((n) => !received.has(n));
  const upload = single
    ? { method: 'single' as const, url: missing.length ? await partUrl(1) : null, parts: [] }
    : { method: 'multipart' as const, url: null, part_size: Number(u.part_size), parts: await Promise.all(missing.map(async (n) => ({ part_number: n, url: await partUrl(n) }))) };
  return { ...base, upload, ...(withProgress ? { received_parts: received.size, parts_total: u.parts_total } : {}) };
}

const uploadErrors = [
  { status: 400, codes: ['invalid'] },
  { status: 404, codes: ['not_found'] },
];

export const createUploadRoute: RouteSpec = {
  method: 'POST',
  path: '/ddex/uploads',
  operationId: 'createUpload',
  summary: 'Start a direct upload',
  description:
    'JSON `{name, size, member_id?}`: a .zip or .xml of 1 byte to 20 GB. `name` is at most 200 characters and 255 bytes in UTF-8, without control characters (400 invalid naming `name` otherwise). Up to 64 MB, `method: single` and one `url` to PUT the whole file to; above, `method: multipart`, a `part_size` (16 MiB or more, whole MiB, chosen so there are at most 10,000 parts) and one URL per part. ' +
    'The URLs need no API key and stay valid 6 hours (`expires_in`); PUT the parts in any order, in parallel, again to replace one; then POST the `commit_url`. ' +
    'On the local store the URLs are this server\'s (PUT /ddex/uploads/{id}/parts/{n}); on an S3-compatible store they are S3\'s own presigned UploadPart URLs, signed for the part\'s exact size: S3 answers those PUTs (and refuses a body of another size) itself.',
  scope: 'ddex:write',
  jsonBody: 'upload-create.schema.json',
  success: { status: 201, schema: 'upload-response.schema.json', description: 'The upload and its part URLs' },
  errors: uploadErrors,
  async handler(ctx, caller, request, reply) {
    const body = await readJsonBody<{ name: string; size: number; member_id?: number }>(request, 'upload-create.schema.json');
    checkBatchName(body.name, 'name');
    const memberId = await resolveMember(ctx.db, caller.account.id, body.member_id);
    const plan = partPlan(body.size);
    const now = nowIso();
    const row = await ctx.db
      .insertInto('uploads')
      .values({ account_id: caller.account.id, member_id: memberId, name: body.name, size: body.size, part_size: plan.partSize, parts_total: plan.parts, status: 'uploading', store_ref: null, delivery_id: null, created_at: now, updated_at: now, committed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The row first (the store's key names the upload's id); a store that cannot start leaves no row.
    try {
      row.store_ref = await ctx.blobs.beginParts(row.id, row.name);
      if (row.store_ref) await ctx.db.updateTable('uploads').set({ store_ref: row.store_ref }).where('id', '=', row.id).execute();
    } catch (error) {
      await ctx.db.deleteFrom('uploads').where('id', '=', row.id).execute();
      throw error;
    }
    reply.code(201);
    return { data: await uploadView(ctx, request, row, false) };
  },
};

export const getUploadRoute: RouteSpec = {
  method: 'GET',
  path: '/ddex/uploads/:id',
  operationId: 'getUpload',
  summary: 'An upload: what arrived, fresh URLs for the rest; after commit, its delivery',
  description: '`received_parts`, `parts_total` and fresh URLs for the parts still missing; once committed, `delivery_id` and `status_url`.',
  scope: 'ddex:write',
  params: 'upload-params.schema.json',
  success: { status: 200, schema: 'upload-response.schema.json', description: 'The upload' },
  errors: uploadErrors,
  async handler(ctx, caller, request) {
    return { data: await uploadView(ctx, request, await ownUpload(ctx, caller.account.id, (request.params as { id: string }).id), true) };
  },
};

export const deleteUploadRoute: RouteSpec = {
  method: 'DELETE',
  path: '/ddex/uploads/:id',
  operationId: 'deleteUpload',
  summary: 'Drop an upload and its parts',
  description: '409 already_committed once it is a delivery.',
  scope: 'ddex:write',
  params: 'upload-params.schema.json',
  success: { status: 200, schema: 'upload-deleted.schema.json', description: 'Deleted' },
  errors: [...uploadErrors, { status: 409, codes: ['already_committed'] }],
  async handler(ctx, caller, request) {
    const upload = await ownUpload(ctx, caller.account.id, (request.params as { id: string }).id);
    if (upload.status !== 'uploading') throw alreadyCommitted(request, upload);
    const result = await ctx.db.deleteFrom('uploads').where('id', '=', upload.id).where('status', '=', 'uploading').executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw alreadyCommitted(request, await ownUpload(ctx, caller.account.id, String(upload.id)));
    await ctx.blobs.removeParts(partUpload(upload));
    return { data: { id: upload.id, deleted: true } };
  },
};

function alreadyCommitted(request: FastifyRequest, upload: Selectable<UploadTable>): ApiError {
  if (upload.status === 'committing') return new ApiError(409, 'commit_in_progress', 'A commit of this upload is running.');
  return new ApiError(409, 'already_committed', 'This upload was already committed.', { status_url: urlFor(request, `/ddex/${upload.delivery_id}`) });
}

export const commitUploadRoute: RouteSpec = {
  method: 'POST',
  path: '/ddex/uploads/:id/commit',
  operationId: 'commitUpload',
  summary: 'Commit an upload: its batch is queued as a delivery',
  description:
    'Checks that every part arrived with the right size (409 upload_incomplete with `missing` and `wrong_size` part numbers; upload them and commit again), then queues the batch exactly as POST /ddex. ' +
    '409 already_committed (with `status_url`) once committed; 409 commit_in_progress while another commit of it runs.',
  scope: 'ddex:write',
  params: 'upload-params.schema.json',
  success: { status: 202, schema: 'deliver-response.schema.json', description: 'Queued' },
  errors: [...uploadErrors, { status: 409, codes: ['upload_incomplete', 'already_committed', 'commit_in_progress'] }],
  async handler(ctx, caller, request, reply) {
    const upload = await ownUpload(ctx, caller.account.id, (request.params as { id: string }).id);
    // Exactly one commit moves uploading -> committing; the others are told why not.
    const took = await ctx.db.updateTable('uploads').set({ status: 'committing', updated_at: nowIso() }).where('id', '=', upload.id).where('status', '=', 'uploading').executeTakeFirst();
    if (Number(took.numUpdatedRows) !== 1) throw alreadyCommitted(request, await ownUpload(ctx, caller.account.id, String(upload.id)));
    const back = () => ctx.db.updateTable('uploads').set({ status: 'uploading', updated_at: nowIso() }).where('id', '=', upload.id).where('status', '=', 'committing').execute();
    try {
      const parts = (await ctx.blobs.listParts(partUpload(upload))).filter((p) => p.partNumber <= upload.parts_total);
      const sizes = new Map(parts.map((p) => [p.partNumber, p.size]));
      const missing: number[] = [];
      const wrongSize: number[] = [];
      for (let n = 1; n <= upload.parts_total; n++) {
        if (!sizes.has(n)) missing.push(n);
        else if (sizes.get(n) !== expectedSize(upload, n)) wrongSize.push(n);
      }
      if (missing.length || wrongSize.length) {
        await back();
        throw new ApiError(409, 'upload_incomplete', `Parts missing (${missing.length}) or of the wrong size (${wrongSize.length}): upload them and commit again.`, { missing, wrong_size: wrongSize });
      }
      // The parts are joined by the delivery worker when it starts (join-upload.ts): the commit answers at once.
      const deliveryId = await ctx.db.transaction().execute(async (trx) => {
        await recordCommittedParts(trx, upload.id, parts);
        const id = await queueDelivery(trx, {
          accountId: caller.account.id,
          memberId: upload.member_id,
          batchName: upload.name,
          blobKey: uploadBlobKey(upload.id),
          sizeBytes: Number(upload.size),
          maxAttempts: ctx.config.deliveryMaxAttempts,
        });
        await trx.updateTable('uploads').set({ status: 'committed', delivery_id: id, committed_at: nowIso(), updated_at: nowIso() }).where('id', '=', upload.id).execute();
        return id;
      });
      ctx.jobs.nudge(DELIVERY_JOB);
      reply.code(202);
      return { data: { id: deliveryId, status: 'queued', environment: 'production', status_url: urlFor(request, `/ddex/${deliveryId}`) } };
    } catch (error) {
      if (!(error instanceof ApiError)) await back();
      throw error;
    }
  },
};

export const putPartRoute: RouteSpec = {
  method: 'PUT',
  path: '/ddex/uploads/:id/parts/:part',
  operationId: 'putUploadPart',
  summary: 'Upload one part (local store; 404 on an S3 store, whose part URLs are S3\'s own)',
  description:
    'The URL from POST or GET /ddex/uploads, no API key: its signature names the upload and the part and expires after 6 hours (403 url_refused otherwise). The body is the part\'s bytes; a part larger than `part_size` answers 413 too_large; sending a part again replaces it. ' +
    'A part is stored only while its upload is open: a PUT still running when its upload is committed answers 409 already_committed (commit_in_progress while a commit runs), after a DELETE 404 not_found; its bytes are dropped.',
  scope: 'public',
  params: 'upload-part-params.schema.json',
  querystring: 'upload-part-query.schema.json',
  success: { status: 200, schema: 'upload-part-response.schema.json', description: 'Stored' },
  errors: [
    { status: 400, codes: ['invalid'] },
    { status: 403, codes: ['url_refused'] },
    { status: 404, codes: ['not_found'] },
    { status: 408, codes: ['request_timeout'] },
    { status: 409, codes: ['already_committed', 'commit_in_progress'] },
    { status: 413, codes: ['too_large'] },
  ],
  async handler(ctx, _caller, request) {
    const params = request.params as { id: string; part: string };
    const q = request.query as { expires: string; signature: string };
    const uploadId = parseId(params.id, 'id');
    const part = Number(params.part);
    // A store that takes the parts itself never hands out these URLs.
    if (!ctx.blobs.receivesParts) throw notFound();
    const refusal = checkPartSignature(ctx.config.dataDir, uploadId, part, q.expires, q.signature, Math.floor(nowMs() / 1000));
    if (refusal) throw new ApiError(403, 'url_refused', `This part URL is refused: ${refusal}.`);
    const upload = await ctx.db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
    if (!upload) throw notFound();
    if (part > upload.parts_total) throw new ApiError(400, 'invalid', `part must be 1 to ${upload.parts_total}.`, { field: 'part' });
    if (upload.status !== 'uploading') throw alreadyCommitted(request, upload);
    const body = await receiveBatch(request, {
      blobs: ctx.blobs,
      nameParam: 'part.zip',
      rawLimit: Number(upload.part_size),
      multipartLimit: 0,
      memoryBytes: 0,
      tooLargeMessage: `The part is larger than part_size (${upload.part_size} bytes)`,
      guard: bodyGuardOf(ctx.config),
    });
    if (body.content.kind !== 'file') throw new Error('part body was not written to a file');
    try {
      await storePartWhileOpen(ctx, request, upload, part, body.content.path);
    } catch (error) {
      await ctx.blobs.removeTemp(body.content.path);
      throw error;
    }
    return { data: { upload_id: upload.id, part_number: part, size: body.size } };
  },
};

/**
 * Stores a received part only while its upload is still open, in one step with that check: the
 * upload's row is updated (`where status = 'uploading'`) in a transaction held while the part is
 * renamed into place. A commit or a DELETE updates or deletes the same row, so it waits for a part
 * being stored, and a part that arrives after it finds the upload closed: it is refused, its bytes
 * dropped (by the caller). What a commit lists is therefore exactly what stays, and a DELETE leaves
 * no part behind, whatever process answers which request.
 */
async function storePartWhileOpen(ctx: AppContext, request: FastifyRequest, upload: Selectable<UploadTable>, part: number, tempPath: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const held = await trx.updateTable('uploads').set({ updated_at: nowIso() }).where('id', '=', upload.id).where('status', '=', 'uploading').executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) {
      const now = await trx.selectFrom('uploads').selectAll().where('id', '=', upload.id).executeTakeFirst();
      throw closedWhileSending(request, now);
    }
    await ctx.blobs.putPart(tempPath, partUpload(upload), part);
  });
}

/** Why a part that arrived after its upload was closed is refused. */
function closedWhileSending(request: FastifyRequest, upload: Selectable<UploadTable> | undefined): ApiError {
  if (!upload) return new ApiError(404, 'not_found', 'This upload was deleted (DELETE, or removed after 7 days uncommitted) while this part was being sent; the part was not stored.');
  if (upload.status === 'committing') return new ApiError(409, 'commit_in_progress', 'A commit of this upload started while this part was being sent; the part was not stored. If the commit answers upload_incomplete, send the part again.');
  return new ApiError(409, 'already_committed', 'This upload was committed while this part was being sent; the part was not stored. The delivery holds the parts the commit checked.', { status_url: urlFor(request, `/ddex/${upload.delivery_id}`) });
}

/** The parts as checked by the commit, with the store's checksums: the worker joins exactly these. */
async function recordCommittedParts(trx: Transaction<Database>, uploadId: number, parts: StoredPart[]): Promise<void> {
  await trx.deleteFrom('upload_parts').where('upload_id', '=', uploadId).execute();
  const at = nowIso();
  for (let i = 0; i < parts.length; i += 1000) {
    const rows = parts.slice(i, i + 1000).map((p) => ({ upload_id: uploadId, part_number: p.partNumber, size: p.size, etag: p.etag, received_at: at }));
    await trx.insertInto('upload_parts').values(rows).execute();
  }
}

export const UPLOAD_ROUTES: RouteSpec[] = [createUploadRoute, getUploadRoute, deleteUploadRoute, commitUploadRoute, putPartRoute];

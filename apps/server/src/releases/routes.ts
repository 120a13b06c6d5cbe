/**
 * GET /releases, GET /releases/{id} and GET /releases/{id}/history (catalog:read). Until the sunset of spec 9.4 the answers
 * carry the deprecated `status` and `stores[key].state` and accept the old filter values; an answer
 * that carries a deprecated word (or answers a deprecated filter) sends Deprecation and Sunset.
 */
import type { FastifyReply } from 'fastify';
import type { RouteSpec } from '../http/route-spec.js';
import { invalid, notFound } from '../http/api-error.js';
import { parseId } from '../http/ids.js';
import { DEPRECATION, SUNSET, urlFor } from '../http/base-url.js';
import { changesOut } from './release-history.js';
import { deprecatedWordsLive, releaseView } from './release-view.js';
import { listReleases, ownRelease, storesOf } from './list-releases.js';
import './tables.js';

const readErrors = [{ status: 400, codes: ['invalid'] }];
/** Deprecated filter values -> the release_status they stand for (distributed also needs a live delivery_state). */
const OLD_FILTERS: Record<string, string> = { pending: 'in_review', rejected: 'changes_requested', distributed: 'approved' };

function deprecationHeaders(reply: FastifyReply): void {
  reply.header('Deprecation', DEPRECATION);
  reply.header('Sunset', SUNSET);
}

export const listReleasesRoute: RouteSpec = {
  method: 'GET',
  path: '/releases',
  operationId: 'listReleases',
  summary: 'Releases of the account, newest first',
  description:
    'Filters: `status` (release_status; until 2027-04-30 also pending, rejected, distributed), `member_id`, `upc`. Paging: `limit` 1-100 (default 50) and `before` (the last id of the page before); `has_more` says whether older releases remain. ' +
    'Another account\'s member or UPC gives an empty list. Answers carrying the deprecated words (`status`, `stores[key].state`) send Deprecation and Sunset headers until 2027-04-30; after it the words and the old filter values are gone.',
  scope: 'catalog:read',
  querystring: 'releases-query.schema.json',
  success: { status: 200, schema: 'releases-response.schema.json', description: 'Releases' },
  errors: readErrors,
  async handler(ctx, caller, request, reply) {
    const q = request.query as { status?: string; member_id?: string; upc?: string; limit?: string; before?: string };
    const words = deprecatedWordsLive();
    let status = q.status;
    let liveOnly = false;
    let usedOldFilter = false;
    if (status && status in OLD_FILTERS) {
      if (!words) throw invalid('status', `status=${status} was retired on 2027-04-30; use ${status === 'distributed' ? 'status=approved and delivery_state' : `status=${OLD_FILTERS[status]}`}.`);
      liveOnly = status === 'distributed';
      status = OLD_FILTERS[status];
      usedOldFilter = true;
    }
    const { rows, stores, has_more } = await listReleases(ctx.db, caller.account.id, {
      releaseStatus: status,
      liveOnly,
      memberId: q.member_id ? parseId(q.member_id, 'member_id') : undefined,
      upc: q.upc,
      before: q.before ? parseId(q.before, 'before') : undefined,
      limit: q.limit ? Number(q.limit) : undefined,
    });
    if (words && (rows.length > 0 || usedOldFilter)) deprecationHeaders(reply);
    return { data: rows.map((r) => releaseView(r, stores.get(r.id) ?? [], urlFor(request, `/releases/${r.id}/history`), words)), has_more };
  },
};

export const getReleaseRoute: RouteSpec = {
  method: 'GET',
  path: '/releases/:id',
  operationId: 'getRelease',
  summary: 'One release',
  description: 'Absent or another account\'s release: 404 not_found. Deprecated words and headers as GET /releases.',
  scope: 'catalog:read',
  params: 'release-params.schema.json',
  success: { status: 200, schema: 'release-response.schema.json', description: 'The release' },
  errors: [...readErrors, { status: 404, codes: ['not_found'] }],
  async handler(ctx, caller, request, reply) {
    const id = parseId((request.params as { id: string }).id, 'id');
    const row = await ownRelease(ctx.db, caller.account.id, id);
    if (!row) throw notFound();
    const words = deprecatedWordsLive();
    if (words) deprecationHeaders(reply);
    return { data: releaseView(row, (await storesOf(ctx.db, [row.id])).get(row.id) ?? [], urlFor(request, `/releases/${row.id}/history`), words) };
  },
};

export const releaseHistoryRoute: RouteSpec = {
  method: 'GET',
  path: '/releases/:id/history',
  operationId: 'getReleaseHistory',
  summary: 'The release\'s message history, newest first',
  description:
    'Every delivery that touched the release: the one that created it, each update, each update flagged for staff and each delivery left out while naming it, ' +
    'with what it changed against the catalog (`changes`, as the delivery\'s item gives it: against the last imported delivery; flagged and left-out ones are compared but change nothing, so the next is compared with the catalog, not with them). ' +
    'Kept as long as the release. Paging: `limit` 1-100 (default 50) and `before` (the last id of the page before). Absent or another account\'s release: 404 not_found.',
  scope: 'catalog:read',
  params: 'release-params.schema.json',
  querystring: 'release-history-query.schema.json',
  success: { status: 200, schema: 'release-history-response.schema.json', description: 'The history' },
  errors: [...readErrors, { status: 404, codes: ['not_found'] }],
  async handler(ctx, caller, request) {
    const id = parseId((request.params as { id: string }).id, 'id');
    const q = request.query as { limit?: string; before?: string };
    const release = await ctx.db.selectFrom('releases').select('id').where('id', '=', id).where('account_id', '=', caller.account.id).executeTakeFirst();
    if (!release) throw notFound();
    const limit = q.limit ? Number(q.limit) : 50;
    let query = ctx.db.selectFrom('release_history').select(['id', 'delivery_id', 'message_id', 'file', 'created_at', 'outcome', 'summary', 'changes']).where('release_id', '=', id).where('account_id', '=', caller.account.id);
    if (q.before) query = query.where('id', '<', parseId(q.before, 'before'));
    const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
    const data = rows.slice(0, limit).map((r) => ({ id: r.id, delivery_id: r.delivery_id, message_id: r.message_id, file: r.file, created_at: r.created_at, outcome: r.outcome, summary: r.summary, changes: changesOut(r) }));
    return { data, has_more: rows.length > limit };
  },
};

export const RELEASE_ROUTES: RouteSpec[] = [listReleasesRoute, getReleaseRoute, releaseHistoryRoute];

/** GET /ddex (last 100, newest first) and GET /ddex/{id} (with items); other accounts' deliveries are 404. */
import type { Selectable } from 'kysely';
import type { DeliveryTable } from './tables.js';
import { notFound } from '../http/api-error.js';
import type { RouteSpec } from '../http/route-spec.js';
import { parseId } from '../http/ids.js';
import { changesOut } from '../releases/release-history.js';

export function deliveryListItem(row: Selectable<DeliveryTable>) {
  return {
    id: row.id,
    member_id: row.member_id,
    environment: 'production',
    batch_name: row.batch_name,
    status: row.status,
    error: row.error,
    message_id: row.message_id ?? '',
    ern_version: row.ern_version ?? '',
    message_count: row.message_count,
    release_count: row.release_count,
    track_count: row.track_count,
    created_count: row.created_count,
    updated_count: row.updated_count,
    flagged_count: row.flagged_count,
    left_out_count: row.left_out_count,
    needs_staff: Boolean(Number(row.needs_staff)),
    release_ids: JSON.parse(row.release_ids) as number[],
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

const readErrors = [
  { status: 429, codes: ['rate_limited'] },
];

export const listDeliveriesRoute: RouteSpec = {
  method: 'GET',
  path: '/ddex',
  operationId: 'listDeliveries',
  summary: 'The last 100 deliveries, newest first',
  description: 'Scope ddex:validate or ddex:write.',
  scope: 'ddex:validate',
  success: { status: 200, schema: 'deliveries-response.schema.json', description: 'Deliveries' },
  errors: readErrors,
  async handler(ctx, caller) {
    const rows = await ctx.db.selectFrom('deliveries').selectAll().where('account_id', '=', caller.account.id).orderBy('id', 'desc').limit(100).execute();
    return { data: rows.map(deliveryListItem) };
  },
};

export const getDeliveryRoute: RouteSpec = {
  method: 'GET',
  path: '/ddex/:id',
  operationId: 'getDelivery',
  summary: 'One delivery, with an item per release',
  description:
    'Scope ddex:validate or ddex:write. Absent or another account\'s delivery: 404 not_found. ' +
    'Each item\'s `changes` says what the delivery changed in the release against the catalog (its last imported delivery): `{summary, count, items}` (the first 50 changes), `{summary: "no change", count: 0, items: []}` for a re-delivery that changes nothing, null for a release new to the catalog or one with nothing kept to compare with. The release\'s whole history: GET /releases/{id}/history.',
  scope: 'ddex:validate',
  params: 'delivery-params.schema.json',
  success: { status: 200, schema: 'delivery-response.schema.json', description: 'The delivery' },
  errors: [{ status: 400, codes: ['invalid'] }, { status: 404, codes: ['not_found'] }, ...readErrors],
  async handler(ctx, caller, request) {
    const id = parseId((request.params as { id: string }).id, 'id');
    const row = await ctx.db.selectFrom('deliveries').selectAll().where('id', '=', id).where('account_id', '=', caller.account.id).executeTakeFirst();
    if (!row) throw notFound();
    const items = await ctx.db.selectFrom('delivery_items').selectAll().where('delivery_id', '=', id).orderBy('position').execute();
    // What each item changed against the catalog is its release's history entry of this delivery.
    const entries = await ctx.db.selectFrom('release_history').select(['item_position', 'changes', 'summary']).where('delivery_id', '=', id).execute();
    const byPosition = new Map(entries.map((e) => [e.item_position, e]));
    return {
      data: {
        ...deliveryListItem(row),
        items: items.map((i) => ({ ref: i.ref, title: i.title, upc: i.upc, outcome: i.outcome, release_id: i.release_id, errors: JSON.parse(i.errors), changes: changesOut(byPosition.get(i.position)) })),
      },
    };
  },
};

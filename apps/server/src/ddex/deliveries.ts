/**
 * The account's deliveries as GET /ddex and GET /ddex/{id} answer them, and as the dashboard's
 * Deliveries pages show them: one query each, so the two never differ.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DeliveryTable } from './tables.js';
import { changesOut } from '../releases/release-history.js';
import './tables.js';

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

/** The last 100 deliveries of the account, newest first. */
export async function listDeliveries(db: Kysely<Database>, accountId: number) {
  const rows = await db.selectFrom('deliveries').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').limit(100).execute();
  return rows.map(deliveryListItem);
}

export type DeliveryListItem = ReturnType<typeof deliveryListItem>;

/** One delivery of the account with an item per release; null when absent or another account's. */
export async function getDelivery(db: Kysely<Database>, accountId: number, id: number) {
  const row = await db.selectFrom('deliveries').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) return null;
  const items = await db.selectFrom('delivery_items').selectAll().where('delivery_id', '=', id).orderBy('position').execute();
  // What each item changed against the catalog is its release's history entry of this delivery.
  const entries = await db.selectFrom('release_history').select(['item_position', 'changes', 'summary']).where('delivery_id', '=', id).execute();
  const byPosition = new Map(entries.map((e) => [e.item_position, e]));
  return {
    ...deliveryListItem(row),
    items: items.map((i) => ({ ref: i.ref, title: i.title, upc: i.upc, outcome: i.outcome, release_id: i.release_id, errors: JSON.parse(i.errors), changes: changesOut(byPosition.get(i.position)) })),
  };
}

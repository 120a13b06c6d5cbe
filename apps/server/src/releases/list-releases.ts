/**
 * The account's releases, newest first, a page at a time, with their store states: GET /releases
 * and GET /releases/{id} (routes.ts, which add the deprecated words) and the dashboard's Money page.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ReleaseStoreTable, ReleaseTable } from './tables.js';
import { LIVE_STATES } from './release-view.js';
import './tables.js';

export interface ReleaseFilter {
  releaseStatus?: string;
  /** Only releases live or partially live in a store. */
  liveOnly?: boolean;
  memberId?: number;
  upc?: string;
  /** A release id: the page of older ones. */
  before?: number;
  limit?: number;
}

export interface ReleasePage {
  rows: Selectable<ReleaseTable>[];
  stores: Map<number, Selectable<ReleaseStoreTable>[]>;
  has_more: boolean;
}

/** Each release's store states, by release id, stores in key order. */
export async function storesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, Selectable<ReleaseStoreTable>[]>> {
  const by = new Map<number, Selectable<ReleaseStoreTable>[]>();
  if (ids.length === 0) return by;
  const rows = await db.selectFrom('release_stores').selectAll().where('release_id', 'in', ids).orderBy('store').execute();
  for (const r of rows) by.set(r.release_id, [...(by.get(r.release_id) ?? []), r]);
  return by;
}

export async function listReleases(db: Kysely<Database>, accountId: number, filter: ReleaseFilter = {}): Promise<ReleasePage> {
  const limit = filter.limit ?? 50;
  let query = db.selectFrom('releases').selectAll().where('account_id', '=', accountId);
  if (filter.releaseStatus) query = query.where('release_status', '=', filter.releaseStatus);
  if (filter.liveOnly) query = query.where('delivery_state', 'in', LIVE_STATES);
  if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
  if (filter.upc) query = query.where('upc', '=', filter.upc);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  return { rows: page, stores: await storesOf(db, page.map((r) => r.id)), has_more: rows.length > limit };
}

/** The account's one release, or undefined (another account's included). */
export async function ownRelease(db: Kysely<Database>, accountId: number, id: number) {
  return db.selectFrom('releases').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

/** The UPCs of the account's releases `ids`, by id (to tell apart releases of the same title). */
export async function upcsOf(db: Kysely<Database>, accountId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('releases').select(['id', 'upc']).where('account_id', '=', accountId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.upc]));
}

/** How many releases the account has in each release_status (all of them, not a page). */
export async function releaseCounts(db: Kysely<Database>, accountId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('releases')
    .select((eb) => ['release_status', eb.fn.countAll<number>().as('n')])
    .where('account_id', '=', accountId)
    .groupBy('release_status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.release_status, Number(r.n)]));
}

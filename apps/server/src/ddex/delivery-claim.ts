/**
 * Claiming delivery jobs. A job is claimable when queued, or when a worker holding it stopped
 * renewing its lease (crash, kill -9). PostgreSQL claims with `FOR UPDATE SKIP LOCKED`; SQLite with
 * one atomic UPDATE that re-checks the claimable condition. Every later write names the worker,
 * so a worker that lost its lease cannot overwrite the new holder's work.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database, DeliveryStatus } from '../db/schema.js';
import { emitEvent } from '../events/emit.js';
import { nowIso } from '../clock.js';
import { deliveryEventData } from './events.js';

export const IN_PROGRESS: DeliveryStatus[] = ['parsing', 'validating', 'importing'];

export interface ClaimedDelivery {
  id: number;
  account_id: number;
  member_id: number;
  batch_name: string;
  blob_key: string;
  attempts: number;
}

const leaseUntil = (leaseMs: number) => new Date(Date.now() + leaseMs).toISOString();

export async function claimNext(db: Kysely<Database>, dialect: Dialect, workerId: string, leaseMs: number): Promise<ClaimedDelivery | null> {
  const now = new Date().toISOString();
  const lease = leaseUntil(leaseMs);
  const claimable = sql`(status = 'queued' or (status in ('parsing', 'validating', 'importing') and lease_expires_at < ${now}))`;
  const pick =
    dialect === 'postgres'
      ? sql`select id from deliveries where ${claimable} order by id limit 1 for update skip locked`
      : sql`select id from deliveries where ${claimable} order by id limit 1`;
  const result = await sql<ClaimedDelivery>`
    update deliveries
       set status = 'parsing', worker_id = ${workerId}, lease_expires_at = ${lease},
           attempts = attempts + 1, started_at = coalesce(started_at, ${now})
     where id = (${pick}) and ${claimable}
     returning id, account_id, member_id, batch_name, blob_key, attempts`.execute(db);
  return result.rows[0] ?? null;
}

/** Moves a held job to the next state and renews its lease; false when the lease was lost. */
export async function advance(db: Kysely<Database>, id: number, workerId: string, status: DeliveryStatus, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({ status, lease_expires_at: leaseUntil(leaseMs) })
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('status', 'in', IN_PROGRESS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renewLease(db: Kysely<Database>, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({ lease_expires_at: leaseUntil(leaseMs) })
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('status', 'in', IN_PROGRESS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets go of a held job to be claimed again in `inMs` (its state is kept; the claim starts it over). */
export async function retryLater(db: Kysely<Database>, id: number, workerId: string, inMs: number): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({ worker_id: null, lease_expires_at: leaseUntil(inMs) })
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('status', 'in', IN_PROGRESS)
    .execute();
}

/** Fails a held job (and emits its event); false when the lease was lost and nothing changed. */
export async function failDelivery(db: Kysely<Database>, id: number, workerId: string, error: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('deliveries')
      .set({ status: 'failed', error, finished_at: nowIso(), worker_id: null, lease_expires_at: null })
      .where('id', '=', id)
      .where('worker_id', '=', workerId)
      .where('status', 'in', IN_PROGRESS)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const row = await trx.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await emitEvent(trx, { accountId: row.account_id, type: 'ddex.delivery.failed', data: deliveryEventData(row) });
    return true;
  });
}

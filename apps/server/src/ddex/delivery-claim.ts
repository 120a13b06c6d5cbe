/**
 * The delivery's own rows as its job works on them. A delivery is a `ddex.delivery` job of the jobs
 * table (its claim, lease and attempts are there); when a claim starts, it writes its token into
 * `deliveries.worker_id`, and every later write of the delivery's progress checks it, so a worker
 * that lost the job (killed, paused past its lease) cannot write after the next claim started.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DeliveryStatus } from './tables.js';
import { emitEvent } from '../events/emit.js';
import { nowIso } from '../clock.js';
import { deliveryEventData } from './events.js';

export const IN_PROGRESS: DeliveryStatus[] = ['parsing', 'validating', 'importing'];
/** Not finished: its job may (still) work on it. */
export const PENDING: DeliveryStatus[] = ['queued', ...IN_PROGRESS];

export interface ClaimedDelivery {
  id: number;
  account_id: number;
  member_id: number;
  batch_name: string;
  blob_key: string;
}

/**
 * A claim of the delivery's job starts it over at `parsing` (a claim after a dead one too: the
 * import is one transaction, so nothing half done is kept); null when it is finished already.
 */
export async function startDelivery(db: Kysely<Database>, id: number, claim: string): Promise<ClaimedDelivery | null> {
  const row = await db
    .updateTable('deliveries')
    .set({ status: 'parsing', worker_id: claim, started_at: (eb) => eb.fn.coalesce('started_at', eb.val(nowIso())) })
    .where('id', '=', id)
    .where('status', 'in', PENDING)
    .returning(['id', 'account_id', 'member_id', 'batch_name', 'blob_key'])
    .executeTakeFirst();
  return row ?? null;
}

/** Moves the delivery to its next state; false when this claim lost it. */
export async function advance(db: Kysely<Database>, id: number, claim: string, status: DeliveryStatus): Promise<boolean> {
  const result = await db.updateTable('deliveries').set({ status }).where('id', '=', id).where('worker_id', '=', claim).where('status', 'in', IN_PROGRESS).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Fails the delivery and emits its event, in `db` when it is a transaction (else in one of its own).
 * With a claim, only while that claim holds it (false when it lost it); without (its job is given
 * up, in the transaction failing the job), whatever claim last held it.
 */
export async function failDelivery(db: Kysely<Database> | Transaction<Database>, id: number, claim: string | null, error: string): Promise<boolean> {
  const write = async (trx: Transaction<Database>) => {
    let update = trx.updateTable('deliveries').set({ status: 'failed', error, finished_at: nowIso(), worker_id: null }).where('id', '=', id).where('status', 'in', PENDING);
    if (claim !== null) update = update.where('worker_id', '=', claim);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const row = await trx.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await emitEvent(trx, { accountId: row.account_id, type: 'ddex.delivery.failed', data: deliveryEventData(row) });
    return true;
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

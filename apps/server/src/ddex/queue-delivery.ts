/**
 * Queues a stored batch as a delivery: the one way a delivery comes to be, whichever door the batch
 * came through (POST /ddex, the commit of a direct upload, a marker over SFTP /production). The
 * row is the delivery worker's job; it is written only once the batch is wholly in the blob store.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import { emitEvent } from '../events/emit.js';
import { deliveryEventData } from './events.js';

export interface NewDelivery {
  accountId: number;
  memberId: number;
  batchName: string;
  blobKey: string;
  sizeBytes: number;
}

/** Call it with a transaction: the delivery and its `ddex.delivery.queued` event are written together. */
export async function queueDelivery(db: Transaction<Database>, d: NewDelivery): Promise<number> {
  const row = await db
    .insertInto('deliveries')
    .values({
      account_id: d.accountId,
      member_id: d.memberId,
      batch_name: d.batchName,
      blob_key: d.blobKey,
      size_bytes: d.sizeBytes,
      status: 'queued',
      error: null,
      message_id: null,
      ern_version: null,
      message_count: 0,
      release_count: 0,
      track_count: 0,
      created_count: 0,
      updated_count: 0,
      flagged_count: 0,
      left_out_count: 0,
      needs_staff: 0,
      release_ids: '[]',
      created_at: nowIso(),
      started_at: null,
      finished_at: null,
      worker_id: null,
      lease_expires_at: null,
      attempts: 0,
    })
    .returning(['id', 'status', 'batch_name', 'member_id', 'error', 'release_count', 'created_count', 'updated_count', 'flagged_count', 'left_out_count', 'release_ids'])
    .executeTakeFirstOrThrow();
  await emitEvent(db, { accountId: d.accountId, type: 'ddex.delivery.queued', data: deliveryEventData(row) });
  return row.id;
}

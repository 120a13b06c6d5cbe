/**
 * Queues a stored batch as a delivery: the one way a delivery comes to be, whichever door the batch
 * came through (POST /ddex, the commit of a direct upload, a marker over SFTP /production). The
 * row and its `ddex.delivery` job (delivery-job.ts) are written together, only once the batch is
 * wholly in the blob store. The caller then nudges its process's job runner (`ctx.jobs.nudge`);
 * workers in other processes hear of it through PostgreSQL's NOTIFY, or at their next poll.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import { emitEvent } from '../events/emit.js';
import { deliveryEventData } from './events.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { DELIVERY_JOB, type DeliveryJobPayload } from './delivery-job.js';

export interface NewDelivery {
  accountId: number;
  memberId: number;
  batchName: string;
  blobKey: string;
  sizeBytes: number;
  /** Claims of its job before it is given up (the `deliveryMaxAttempts` setting). */
  maxAttempts: number;
}

/** Call it with a transaction: the delivery, its job and its `ddex.delivery.queued` event are written together. */
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
    })
    .returning(['id', 'status', 'batch_name', 'member_id', 'error', 'release_count', 'created_count', 'updated_count', 'flagged_count', 'left_out_count', 'release_ids'])
    .executeTakeFirstOrThrow();
  const payload: DeliveryJobPayload = { deliveryId: row.id };
  await enqueueJob(db, { kind: DELIVERY_JOB, payload, dedupeKey: `delivery:${row.id}`, maxAttempts: d.maxAttempts });
  await emitEvent(db, { accountId: d.accountId, type: 'ddex.delivery.queued', data: deliveryEventData(row) });
  return row.id;
}

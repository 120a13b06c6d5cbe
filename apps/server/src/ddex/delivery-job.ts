/**
 * A delivery is a job of the one job queue (`ddex.delivery`, in the engine lane): its handler joins
 * a direct upload's parts, runs the engine and imports, moving the delivery parsing -> validating ->
 * importing -> done/partial/failed. The job runner gives it its claim, lease, heartbeat and attempt
 * limit like any job: a delivery left by a dead worker is claimed again once the lease runs out; one
 * that failed on an error of ours is tried again after a pause; either way, after its
 * `max_attempts` claims (DELIVERY_MAX_ATTEMPTS) it is given up and failed saying why (a poison
 * delivery, one that ends each process that runs it, ends there).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { PartsRefused, type BlobStore } from '../blob/blob-store.js';
import { ENGINE_LANE, type GiveUp, type JobContext, type JobHandler } from '../jobs/job-runner.js';
import type { EnginePool } from './engine-pool.js';
import { advance, failDelivery, startDelivery, type ClaimedDelivery } from './delivery-claim.js';
import { importReport, LeaseLost } from './import-report.js';
import { dropUploadParts, joinUpload } from './uploads/join-upload.js';
import { deliverySeconds, secondsSince } from '../ops/metrics.js';

/** Where an attempt left its delivery (the duration metric's `outcome`: accepted, rejected, failed…). */
async function deliveryStatus(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db.selectFrom('deliveries').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? 'unknown';
}

export const DELIVERY_JOB = 'ddex.delivery';

export interface DeliveryJobPayload {
  deliveryId: number;
}

export interface DeliveryJobSettings {
  blobs: BlobStore;
  pool: EnginePool;
  /** Longest pause before a delivery that failed on our error is tried again (its lane's lease). */
  leaseMs: number;
  /** Test hook: wait this long in `importing` before the import (to kill the process there). */
  pauseBeforeImportMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function deliveryJob(s: DeliveryJobSettings): JobHandler<DeliveryJobPayload> {
  /** Fails the delivery (while this claim holds it); the parts of a direct upload it came from go with it. */
  const giveUp = async (ctx: JobContext, job: ClaimedDelivery, message: string) => {
    if (await failDelivery(ctx.db, job.id, ctx.claim, message)) await dropUploadParts(ctx.db, s.blobs, job.blob_key);
  };

  async function process(job: ClaimedDelivery, ctx: JobContext): Promise<void> {
    const { db, claim } = ctx;
    // parsing: a committed direct upload is joined into its batch first (here, not in the commit,
    // so committing 20 GB answers at once); then the stored batch is there and readable.
    let blobKey: string;
    try {
      blobKey = await joinUpload(db, s.blobs, job, claim);
    } catch (error) {
      if (error instanceof PartsRefused) return giveUp(ctx, job, error.message);
      throw error;
    }
    const copy = await s.blobs.openLocal(blobKey).catch(() => null);
    if (!copy) return giveUp(ctx, job, 'The stored batch file is missing.');
    try {
      if (!(await advance(db, job.id, claim, 'validating'))) throw new LeaseLost(`delivery ${job.id} is no longer held by ${claim}`);
      let report;
      try {
        report = await s.pool.run({ kind: 'file', path: copy.path }, job.batch_name, job.member_id, { deep: true });
      } catch (error) {
        const text = (error as Error).message.split('\n')[0];
        ctx.log.error({ err: error, delivery: job.id }, 'engine failed on a delivery');
        // The engine's text may name the stored file: the partner sees its batch's name instead.
        const shown = text.split(copy.path).join(job.batch_name).replace(/(?:\/[\w.-]+)+\/blobs\/[^\s'"]*/g, job.batch_name);
        return giveUp(ctx, job, `The batch could not be checked: ${shown}`);
      }
      // The local copy is not needed past the engine (a download on remote stores): gone before the import.
      await copy.release();
      if (!(await advance(db, job.id, claim, 'importing'))) throw new LeaseLost(`delivery ${job.id} is no longer held by ${claim}`);
      if (s.pauseBeforeImportMs) {
        // Said, so that a test kills this process only once it holds the delivery (the status alone may be a dead claim's).
        ctx.log.info({ delivery: job.id, claim }, 'delivery paused before its import (DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS)');
        await sleep(s.pauseBeforeImportMs);
      }
      const status = await importReport(db, job, claim, report);
      ctx.log.info({ delivery: job.id, status }, 'delivery processed');
    } finally {
      await copy.release();
    }
  }

  return {
    kind: DELIVERY_JOB,
    lane: ENGINE_LANE,
    // An error of ours (the store, the disk, the database): tried again after a pause, never left
    // in progress to wait for its lease.
    retryDelayMs: (attempt) => Math.min(s.leaseMs, 5_000 * attempt),

    async run({ deliveryId }, ctx) {
      const job = await startDelivery(ctx.db, deliveryId, ctx.claim);
      // Finished already: by a claim that lost its lease just after the import, or failed by staff.
      if (!job) return;
      const started = performance.now();
      let outcome = 'retry';
      try {
        await process(job, ctx);
        outcome = await deliveryStatus(ctx.db, deliveryId);
      } catch (error) {
        // The next claim took it over: that one finishes it.
        if (error instanceof LeaseLost) {
          outcome = 'lease_lost';
          return void ctx.log.warn({ delivery: deliveryId }, error.message);
        }
        ctx.log.error({ err: error, delivery: deliveryId, attempt: ctx.attempt }, 'delivery attempt failed');
        throw error;
      } finally {
        deliverySeconds.observe({ outcome }, secondsSince(started));
      }
    },

    async onGiveUp({ deliveryId }, reason: GiveUp, ctx: { db: Transaction<Database> }) {
      if (!(await failDelivery(ctx.db, deliveryId, null, giveUpMessage(deliveryId, reason)))) return;
      const row = await ctx.db.selectFrom('deliveries').select('blob_key').where('id', '=', deliveryId).executeTakeFirstOrThrow();
      // After the commit: the store's parts are no part of the transaction.
      return (db) => dropUploadParts(db, s.blobs, row.blob_key);
    },
  };
}

/** What the partner reads on a delivery given up: what happened, what to do, the id to quote. */
function giveUpMessage(id: number, reason: GiveUp): string {
  if (reason.kind === 'interrupted') {
    return `Processing was interrupted ${reason.times} times (the server working on it stopped each time); the batch was not imported. Send it again; if it fails the same way, contact support with delivery id ${id}.`;
  }
  // Only a system error's code is shown: its text may name a server path.
  const code = (reason.error as { code?: unknown })?.code;
  const what = typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : 'an internal error';
  return `The batch could not be processed: an error on our side (${what}) at each of ${reason.attempts} attempts; it was not imported. Send it again later; if it fails the same way, contact support with delivery id ${id}.`;
}

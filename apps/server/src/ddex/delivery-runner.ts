/**
 * The delivery worker of one process: claims jobs, keeps their lease alive with a heartbeat, moves
 * them parsing -> validating -> importing -> done/partial/failed. Jobs left in progress by a dead
 * worker are claimed again once their lease runs out; a job claimed too many times is failed.
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { PartsRefused, type BlobStore } from '../blob/blob-store.js';
import type { EnginePool } from './engine-pool.js';
import { advance, claimNext, failDelivery, renewLease, type ClaimedDelivery } from './delivery-claim.js';
import { importReport, LeaseLost } from './import-report.js';
import { PollingLoops } from '../jobs/polling-loops.js';
import { joinUpload } from './uploads/join-upload.js';

export interface DeliveryRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  blobs: BlobStore;
  pool: EnginePool;
  log: FastifyBaseLogger;
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  pollMs: number;
  /** Test hook: wait this long in `importing` before the import (to kill the process there). */
  pauseBeforeImportMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class DeliveryRunner {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly loops: PollingLoops;

  constructor(private readonly o: DeliveryRunnerOptions) {
    this.loops = new PollingLoops(() => this.next(), { count: o.concurrency, pollMs: o.pollMs, onError: (err) => o.log.error({ err }, 'delivery worker error') });
  }

  start(): void {
    this.loops.start();
  }

  /** Called after a delivery is queued, so it starts without waiting for the next poll. */
  nudge(): void {
    this.loops.nudge();
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  private async next(): Promise<boolean> {
    const job = await claimNext(this.o.db, this.o.dialect, this.workerId, this.o.leaseMs);
    if (!job) return false;
    try {
      await this.process(job);
    } catch (error) {
      this.o.log.error({ err: error, delivery: job.id }, 'delivery worker error');
    }
    return true;
  }

  private async process(job: ClaimedDelivery): Promise<void> {
    const { db, leaseMs } = this.o;
    if (job.attempts > this.o.maxAttempts) {
      await failDelivery(db, job.id, this.workerId, `Processing was interrupted ${job.attempts - 1} times; the batch was not imported.`);
      return;
    }
    const heartbeat = setInterval(() => {
      renewLease(db, job.id, this.workerId, leaseMs).catch((err) => this.o.log.warn({ err, delivery: job.id }, 'lease renewal failed'));
    }, Math.max(100, Math.floor(leaseMs / 3)));
    try {
      // parsing: a committed direct upload is joined into its batch first (here, not in the commit,
      // so committing 20 GB answers at once); then the stored batch is there and readable.
      let blobKey: string;
      try {
        blobKey = await joinUpload(db, this.o.blobs, job, this.workerId);
      } catch (error) {
        if (error instanceof PartsRefused) return void (await failDelivery(db, job.id, this.workerId, error.message));
        throw error;
      }
      const copy = await this.o.blobs.openLocal(blobKey).catch(() => null);
      if (!copy) return void (await failDelivery(db, job.id, this.workerId, 'The stored batch file is missing.'));
      try {
        if (!(await advance(db, job.id, this.workerId, 'validating', leaseMs))) return;
        let report;
        try {
          report = await this.o.pool.run({ kind: 'file', path: copy.path }, job.batch_name, job.member_id, { deep: true });
        } catch (error) {
          const text = (error as Error).message.split('\n')[0];
          this.o.log.error({ err: error, delivery: job.id }, 'engine failed on a delivery');
          // The engine's text may name the stored file: the partner sees its batch's name instead.
          const shown = text.split(copy.path).join(job.batch_name).replace(/(?:\/[\w.-]+)+\/blobs\/[^\s'"]*/g, job.batch_name);
          return void (await failDelivery(db, job.id, this.workerId, `The batch could not be checked: ${shown}`));
        }
        // The local copy is not needed past the engine (a download on remote stores): gone before the import.
        await copy.release();
        if (!(await advance(db, job.id, this.workerId, 'importing', leaseMs))) return;
        if (this.o.pauseBeforeImportMs) await sleep(this.o.pauseBeforeImportMs);
        const status = await importReport(db, job, this.workerId, report);
        this.o.log.info({ delivery: job.id, status }, 'delivery processed');
      } finally {
        await copy.release();
      }
    } catch (error) {
      if (error instanceof LeaseLost) this.o.log.warn({ delivery: job.id }, error.message);
      else throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }
}

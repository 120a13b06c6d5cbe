/**
 * The delivery worker of one process: claims jobs, keeps their lease alive with a heartbeat, moves
 * them parsing -> validating -> importing -> done/partial/failed. Jobs left in progress by a dead
 * worker are claimed again once their lease runs out; a job that failed on an error of ours is
 * claimed again after a pause; either way, a job claimed more than `maxAttempts` times is failed
 * (a poison job, one that ends each process that runs it, ends there).
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { PartsRefused, type BlobStore } from '../blob/blob-store.js';
import type { EnginePool } from './engine-pool.js';
import { advance, claimNext, failDelivery, renewLease, retryLater, type ClaimedDelivery } from './delivery-claim.js';
import { importReport, LeaseLost } from './import-report.js';
import { PollingLoops } from '../jobs/polling-loops.js';
import { dropUploadParts, joinUpload } from './uploads/join-upload.js';

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
      // A poison job: each process that took it died while running it. Given up, never claimed again.
      this.o.log.error({ delivery: job.id, attempts: job.attempts - 1 }, 'delivery given up: interrupted at every attempt');
      await this.giveUp(job, `Processing was interrupted ${job.attempts - 1} times (the server working on it stopped each time); the batch was not imported. Send it again; if it fails the same way, contact support with delivery id ${job.id}.`);
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
        if (error instanceof PartsRefused) return void (await this.giveUp(job, error.message));
        throw error;
      }
      const copy = await this.o.blobs.openLocal(blobKey).catch(() => null);
      if (!copy) return void (await this.giveUp(job, 'The stored batch file is missing.'));
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
          return void (await this.giveUp(job, `The batch could not be checked: ${shown}`));
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
      else await this.attemptFailed(job, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Fails the delivery; the parts of a direct upload it came from go with it (the batch must be uploaded again). */
  private async giveUp(job: ClaimedDelivery, message: string): Promise<void> {
    if (await failDelivery(this.o.db, job.id, this.workerId, message)) await dropUploadParts(this.o.db, this.o.blobs, job.blob_key);
  }

  /**
   * An error of ours while processing (the store, the disk, the database): tried again after a
   * pause, up to `maxAttempts` claims in all, then failed with a message saying so. Never left in
   * progress to wait for its lease, never retried without end.
   */
  private async attemptFailed(job: ClaimedDelivery, error: unknown): Promise<void> {
    const { db, leaseMs, maxAttempts } = this.o;
    this.o.log.error({ err: error, delivery: job.id, attempt: job.attempts }, 'delivery attempt failed');
    if (job.attempts < maxAttempts) return void (await retryLater(db, job.id, this.workerId, Math.min(leaseMs, 5_000 * job.attempts)));
    // Only a system error's code is shown: its text may name a server path.
    const code = (error as { code?: unknown })?.code;
    const what = typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? code : 'an internal error';
    await this.giveUp(job, `The batch could not be processed: an error on our side (${what}) at each of ${job.attempts} attempts; it was not imported. Send it again later; if it fails the same way, contact support with delivery id ${job.id}.`);
  }
}

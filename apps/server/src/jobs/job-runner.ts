/**
 * The job worker of one process: claims due jobs of the kinds it has handlers for, keeps their lease
 * alive with a heartbeat, retries failures with growing delays, and keeps each recurring job (the
 * retention sweeps) scheduled. Any number of processes can run one side by side: the claim makes
 * sure a job runs in one of them at a time, and a job left by a killed process is claimed again
 * when its lease runs out, at most `max_attempts` times: then it is failed (a recurring one waits
 * for its next time), so a job that kills every process running it cannot loop.
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { isoIn, nowIso } from '../clock.js';
import { PollingLoops } from './polling-loops.js';
import { claimJob, enqueueJob, failJobAttempt, finishJob, renewJobLease, rescheduleJob, type ClaimedJob } from './job-queue.js';

export interface JobContext {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Attempt number, from 1. */
  attempt: number;
  log: JobLog;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobHandler<P = any> {
  kind: string;
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Delay before attempt `attempt + 1` (default: 5 s doubled each time, at most an hour, with jitter). */
  retryDelayMs?(attempt: number): number;
}

export interface RecurringJob {
  kind: string;
  everyMs: number;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  log: JobLog;
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
}

export function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(3_600_000, 5_000 * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export class JobRunner {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring: RecurringJob[] = [];
  private readonly loops: PollingLoops;

  constructor(private readonly o: JobRunnerOptions) {
    this.loops = new PollingLoops(() => this.runOne(), { count: o.concurrency ?? 2, pollMs: o.pollMs ?? 1000, onError: (err) => o.log.error({ err }, 'job worker error') });
  }

  register(handler: JobHandler): this {
    if (this.handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} registered twice`);
    this.handlers.set(handler.kind, handler);
    return this;
  }

  /** Runs `kind` every `everyMs` (its handler must be registered too). */
  every(kind: string, everyMs: number): this {
    this.recurring.push({ kind, everyMs });
    return this;
  }

  async start(): Promise<void> {
    for (const r of this.recurring) await this.scheduleRecurring(r, nowIso());
    this.loops.start();
  }

  /** A job was enqueued: look now instead of at the next poll. */
  nudge(): void {
    this.loops.nudge();
  }

  stop(): Promise<void> {
    return this.loops.stop();
  }

  /** Claims and runs due jobs until none is left (tests, admin commands). Returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    while (await this.runOne()) ran++;
    return ran;
  }

  private scheduleRecurring(r: RecurringJob, runAt: string): Promise<number | null> {
    return enqueueJob(this.o.db, { kind: r.kind, runAt, dedupeKey: `recurring:${r.kind}`, maxAttempts: 1 });
  }

  private async runOne(): Promise<boolean> {
    const leaseMs = this.o.leaseMs ?? 60_000;
    const job = await claimJob(this.o.db, this.o.dialect, [...this.handlers.keys()], this.workerId, leaseMs);
    if (!job) return false;
    await this.run(job, leaseMs);
    return true;
  }

  private async run(job: ClaimedJob, leaseMs: number): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const recurring = this.recurring.find((r) => r.kind === job.kind);
    // A recurring job keeps one row: it is queued again for its next run, whatever happened.
    const next = (error: string | null) => rescheduleJob(this.o.db, job.id, this.workerId, isoIn(recurring!.everyMs), error);
    if (job.attempts > job.max_attempts) {
      // Claimed again after its holders died mid-run every time (a poison job, maybe one that ends
      // each process running it): given up rather than run again at once, without end.
      const times = job.attempts - 1;
      this.o.log.error({ job: job.id, kind: job.kind, interrupted: times }, recurring ? 'recurring job interrupted; skipped to its next time' : 'job given up: interrupted at every attempt');
      if (recurring) await next(`interrupted: the process running it stopped ${times} time(s) during this run; skipped to its next time`);
      else await failJobAttempt(this.o.db, job, this.workerId, `given up: the process running it stopped ${times} times while it ran (interrupted at every attempt)`, 0);
      return;
    }
    const heartbeat = setInterval(() => {
      renewJobLease(this.o.db, job.id, this.workerId, leaseMs).catch((err) => this.o.log.warn({ err, job: job.id }, 'job lease renewal failed'));
    }, Math.max(100, Math.floor(leaseMs / 3)));
    try {
      await handler.run(JSON.parse(job.payload), { db: this.o.db, dialect: this.o.dialect, attempt: job.attempts, log: this.o.log });
      if (recurring) await next(null);
      else await finishJob(this.o.db, job.id, this.workerId);
    } catch (error) {
      const text = (error as Error)?.message ?? String(error);
      if (recurring) {
        await next(text);
        this.o.log.warn({ job: job.id, kind: job.kind, error: text }, 'recurring job failed; it runs again at its next time');
      } else {
        const delay = (handler.retryDelayMs ?? defaultRetryDelayMs)(job.attempts);
        const outcome = await failJobAttempt(this.o.db, job, this.workerId, text, delay);
        this.o.log.warn({ job: job.id, kind: job.kind, attempt: job.attempts, outcome, error: text }, 'job attempt failed');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}

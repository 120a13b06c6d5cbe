/**
 * The job worker of one process: claims due jobs of the kinds it has handlers for, keeps their lease
 * alive with a heartbeat, retries failures with growing delays, and keeps each recurring job (the
 * retention sweeps) scheduled. Any number of processes can run one side by side: the claim makes
 * sure a job runs in one of them at a time, and a job left by a killed process is claimed again
 * when its lease runs out, at most `max_attempts` times: then it is failed (a recurring one waits
 * for its next time), so a job that kills every process running it cannot loop.
 *
 * Kinds run in lanes, each with its own loops and lease: the `engine` lane (deliveries, SFTP
 * batches: minutes of CPU each) cannot take the slots of the default lane (webhook attempts,
 * emails: seconds of waiting on the network), and the other way round. On PostgreSQL a listener
 * wakes the lane of each new job (job-listener.ts), so idle lanes poll rarely.
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { isoIn, nowIso, nowMs } from '../clock.js';
import { PollingLoops } from './polling-loops.js';
import { JobListener } from './job-listener.js';
import { jobLogOf, type JobLog } from './job-log.js';

export type { JobLog } from './job-log.js';
import { claimJob, enqueueJob, failJobAttempt, finishJob, handBackJob, nextDueAt, renewJobLease, rescheduleJob, type ClaimedJob } from './job-queue.js';

export const DEFAULT_LANE = 'default';
/** Deliveries and SFTP batches: the engine's long runs. */
export const ENGINE_LANE = 'engine';

export interface JobContext {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Attempt number, from 1. */
  attempt: number;
  /**
   * This claim of the job, unique to it (worker, job, attempt): a handler that fences its own rows
   * (a delivery's `worker_id`) writes it, so a holder that lost the job cannot write after the next.
   */
  claim: string;
  log: JobLog;
}


/** Why a job is given up: each holder died while running it, or it failed at every attempt. */
export type GiveUp = { kind: 'interrupted'; times: number } | { kind: 'failed'; error: unknown; attempts: number };

export interface JobHandler<P = any> {
  kind: string;
  /** Its lane (default: `default`); the runner must have it. */
  lane?: string;
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Delay before attempt `attempt + 1` (default: 5 s doubled each time, at most an hour, with jitter). */
  retryDelayMs?(attempt: number): number;
  /**
   * The job is given up (failed for good): record it on the handler's own rows. `db` is the
   * transaction that fails the job, so both are written or neither. What it returns runs after the
   * commit (work outside the database, such as removing files).
   */
  onGiveUp?(payload: P, reason: GiveUp, ctx: { db: Transaction<Database>; log: JobLog }): Promise<void | ((db: Kysely<Database>) => Promise<void>)>;
}

export interface RecurringJob {
  kind: string;
  everyMs: number;
}

export interface LaneSettings {
  /** Jobs of the lane running at once in this process (0: the lane does not run here). */
  concurrency: number;
  /** How long a claimed job stays with its worker without a heartbeat. */
  leaseMs: number;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  log: JobLog;
  /** The default lane's concurrency (2) and lease (60 s). */
  concurrency?: number;
  leaseMs?: number;
  /** Other lanes, by name. */
  lanes?: Record<string, LaneSettings>;
  /** Idle poll interval (1 s). */
  pollMs?: number;
  /** PostgreSQL: LISTEN for new jobs on this connection string, and poll at `listenPollMs` while listening. */
  listenUrl?: string;
  /** Idle poll interval while LISTEN is in place (5 s); a retry or recurring job falling due sooner wakes the lane then. */
  listenPollMs?: number;
}

export function defaultRetryDelayMs(attempt: number): number {
  const base = Math.min(3_600_000, 5_000 * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

interface Lane {
  name: string;
  settings: LaneSettings;
  kinds: string[];
  loops: PollingLoops;
}

export class JobRunner {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring: RecurringJob[] = [];
  private readonly lanes = new Map<string, Lane>();
  private listener: JobListener | null = null;
  /** Jobs this process runs now (graceful shutdown hands back the ones still running at its bound). */
  private readonly running = new Map<number, ClaimedJob>();

  constructor(private readonly o: JobRunnerOptions) {
    const settings: Record<string, LaneSettings> = { [DEFAULT_LANE]: { concurrency: o.concurrency ?? 2, leaseMs: o.leaseMs ?? 60_000 }, ...o.lanes };
    for (const [name, s] of Object.entries(settings)) {
      const lane: Lane = {
        name,
        settings: s,
        kinds: [],
        loops: new PollingLoops(() => this.claim(lane), { count: s.concurrency, idleMs: () => this.idleMs(lane), onError: (err) => o.log.error({ err, lane: name }, 'job worker error') }),
      };
      this.lanes.set(name, lane);
    }
  }

  register(handler: JobHandler): this {
    if (this.handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} registered twice`);
    const lane = this.lanes.get(handler.lane ?? DEFAULT_LANE);
    if (!lane) throw new Error(`job kind ${handler.kind}: no lane ${handler.lane}`);
    this.handlers.set(handler.kind, handler);
    lane.kinds.push(handler.kind);
    return this;
  }

  /** Runs `kind` every `everyMs` (its handler must be registered too). */
  every(kind: string, everyMs: number): this {
    this.recurring.push({ kind, everyMs });
    return this;
  }

  async start(): Promise<void> {
    for (const r of this.recurring) await this.scheduleRecurring(r, nowIso());
    if (this.o.listenUrl) {
      this.listener = new JobListener({ url: this.o.listenUrl, log: this.o.log, onJob: (kind) => this.nudge(kind), onListening: () => this.nudge() });
      this.listener.start();
    }
    for (const lane of this.lanes.values()) lane.loops.start();
  }

  /** A job was enqueued (of `kind`, or of any kind): its lane looks now instead of at the next poll. */
  nudge(kind?: string): void {
    for (const lane of this.lanes.values()) if (kind === undefined || lane.kinds.includes(kind)) lane.loops.nudge();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    await Promise.all([...this.lanes.values()].map((lane) => lane.loops.stop()));
  }

  /**
   * Graceful shutdown: no new claims; the running jobs have `graceMs` to finish; those still
   * running then go back to the queue (`handBack`) for another process to take at once. Returns the
   * ids handed back.
   */
  async shutdown(graceMs: number): Promise<number[]> {
    let timer: NodeJS.Timeout | undefined;
    const finished = this.stop().then(() => true);
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, graceMs))));
    const inTime = await Promise.race([finished, late]);
    clearTimeout(timer);
    return inTime ? [] : this.handBack();
  }

  /** Every job this process still runs goes back to the queue now (its work here is abandoned: the process is ending). */
  async handBack(): Promise<number[]> {
    const jobs = [...this.running.values()];
    this.running.clear();
    const handed: number[] = [];
    for (const job of jobs) {
      try {
        const log = jobLogOf(this.o.log, { job: job.id, kind: job.kind });
        if (await handBackJob(this.o.db, this.o.dialect, job, this.workerId)) {
          handed.push(job.id);
          log.info({ attempt: job.attempts }, 'job handed back at shutdown: another worker takes it now');
        } else log.info({ attempt: job.attempts }, 'job not handed back at shutdown: this process no longer held it');
      } catch (err) {
        // Not handed back: its lease runs out and another worker takes it then.
        this.o.log.warn({ err, job: job.id, kind: job.kind }, 'job could not be handed back at shutdown; its lease will run out');
      }
    }
    return handed;
  }

  /** Claims and runs due jobs, one at a time, until none is left (tests, admin commands). Returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      let work = null;
      for (const lane of this.lanes.values()) if ((work = await this.claim(lane))) break;
      if (!work) return ran;
      await work();
      ran++;
    }
  }

  private scheduleRecurring(r: RecurringJob, runAt: string): Promise<number | null> {
    return enqueueJob(this.o.db, { kind: r.kind, runAt, dedupeKey: `recurring:${r.kind}`, maxAttempts: 1 });
  }

  /** How long an idle lane sleeps: the poll interval, or while listening until its next job falls due. */
  private async idleMs(lane: Lane): Promise<number> {
    if (!this.listener?.listening) return this.o.pollMs ?? 1000;
    const longest = this.o.listenPollMs ?? 5000;
    const due = await nextDueAt(this.o.db, lane.kinds);
    // A little after it falls due (the claim compares with the same clock); never a busy loop when a
    // due job is out of reach for a moment (another process holding its row lock while it claims it).
    return due === null ? longest : Math.min(longest, Math.max(50, Date.parse(due) - nowMs() + 10));
  }

  private async claim(lane: Lane): Promise<(() => Promise<void>) | null> {
    const job = await claimJob(this.o.db, this.o.dialect, lane.kinds, this.workerId, lane.settings.leaseMs);
    return job ? () => this.run(job, lane.settings.leaseMs) : null;
  }

  private async run(job: ClaimedJob, leaseMs: number): Promise<void> {
    this.running.set(job.id, job);
    try {
      await this.runClaimed(job, leaseMs);
    } finally {
      this.running.delete(job.id);
    }
  }

  private async runClaimed(job: ClaimedJob, leaseMs: number): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    // Every line about this job names it, whoever writes it (the runner or the handler).
    const log = jobLogOf(this.o.log, { job: job.id, kind: job.kind });
    const recurring = this.recurring.find((r) => r.kind === job.kind);
    // A recurring job keeps one row: it is queued again for its next run, whatever happened.
    const next = (error: string | null) => rescheduleJob(this.o.db, job, this.workerId, isoIn(recurring!.everyMs), error);
    if (job.attempts > job.max_attempts) {
      // Claimed again after its holders died mid-run every time (a poison job, maybe one that ends
      // each process running it): given up rather than run again at once, without end.
      const times = job.attempts - 1;
      log.error({ interrupted: times }, recurring ? 'recurring job interrupted; skipped to its next time' : 'job given up: interrupted at every attempt');
      if (recurring) await next(`interrupted: the process running it stopped ${times} time(s) during this run; skipped to its next time`);
      else await this.fail(job, handler, `given up: the process running it stopped ${times} times while it ran (interrupted at every attempt)`, 0, { kind: 'interrupted', times }, log);
      return;
    }
    const heartbeat = setInterval(() => {
      renewJobLease(this.o.db, job, this.workerId, leaseMs).catch((err) => log.warn({ err }, 'job lease renewal failed'));
    }, Math.max(100, Math.floor(leaseMs / 3)));
    try {
      const claim = `${this.workerId}/${job.id}.${job.attempts}`;
      await handler.run(JSON.parse(job.payload), { db: this.o.db, dialect: this.o.dialect, attempt: job.attempts, claim, log });
      if (recurring) await next(null);
      else await finishJob(this.o.db, job, this.workerId);
    } catch (error) {
      const text = (error as Error)?.message ?? String(error);
      if (recurring) {
        await next(text);
        log.warn({ error: text }, 'recurring job failed; it runs again at its next time');
      } else {
        const delay = (handler.retryDelayMs ?? defaultRetryDelayMs)(job.attempts);
        const outcome = await this.fail(job, handler, text, delay, { kind: 'failed', error, attempts: job.attempts }, log);
        log.warn({ attempt: job.attempts, outcome, error: text }, 'job attempt failed');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Fails this attempt; when that gives the job up, its handler records it in the same transaction. */
  private async fail(job: ClaimedJob, handler: JobHandler, error: string, retryInMs: number, reason: GiveUp, log: JobLog): Promise<'retry' | 'failed' | 'lost'> {
    const { outcome, after } = await this.o.db.transaction().execute(async (trx) => {
      const outcome = await failJobAttempt(trx, job, this.workerId, error, retryInMs);
      const after = outcome === 'failed' && handler.onGiveUp ? await handler.onGiveUp(JSON.parse(job.payload), reason, { db: trx, log }) : undefined;
      return { outcome, after };
    });
    if (after) await after(this.o.db).catch((err: unknown) => log.warn({ err }, 'work after giving a job up failed'));
    return outcome;
  }
}

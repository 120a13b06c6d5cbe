/**
 * The jobs table as a queue: enqueue (inside the caller's transaction when it has one), claim with
 * a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL, one atomic UPDATE on SQLite), renew, finish, and
 * retry with backoff. Every write after the claim names the claim (the worker and the attempt
 * number it took), so a holder that lost its lease (killed, paused past it) cannot overwrite the new
 * holder's work, even when the new holder is another loop of the same process. On PostgreSQL each
 * new job also notifies the channel `ddex_jobs` at commit (a trigger, migration 0014): idle workers
 * LISTEN and look at once (job-listener.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { isoIn, nowIso } from '../clock.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** ISO instant; default now. */
  runAt?: string;
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueueing another with it does nothing. */
  dedupeKey?: string;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
}

/** Adds a job; returns its id, or null when a job with the same dedupe key is already pending. */
export async function enqueueJob(db: Db, job: NewJob): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      status: 'queued',
      run_at: job.runAt ?? nowIso(),
      attempts: 0,
      max_attempts: job.maxAttempts ?? 5,
      worker_id: null,
      lease_expires_at: null,
      last_error: null,
      dedupe_key: job.dedupeKey ?? null,
      created_at: nowIso(),
      finished_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Claims the next due job of the given kinds, or null. */
export async function claimJob(db: Kysely<Database>, dialect: Dialect, kinds: string[], workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const now = nowIso();
  const kindList = sql.join(kinds.map((k) => sql`${k}`));
  const claimable = sql`kind in (${kindList}) and ((status = 'queued' and run_at <= ${now}) or (status = 'running' and lease_expires_at < ${now}))`;
  const pick =
    dialect === 'postgres'
      ? sql`select id from jobs where ${claimable} order by run_at, id limit 1 for update skip locked`
      : sql`select id from jobs where ${claimable} order by run_at, id limit 1`;
  const result = await sql<ClaimedJob>`
    update jobs
       set status = 'running', worker_id = ${workerId}, lease_expires_at = ${isoIn(leaseMs)}, attempts = attempts + 1
     where id = (${pick}) and ${claimable}
     returning id, kind, payload, attempts, max_attempts`.execute(db);
  return result.rows[0] ?? null;
}

/** One claim of a job: which job, which of its attempts. Its writes are fenced with both and the worker. */
export type JobClaim = Pick<ClaimedJob, 'id' | 'attempts'>;

export async function renewJobLease(db: Kysely<Database>, claim: JobClaim, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: isoIn(leaseMs) })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(db: Db, claim: JobClaim, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: nowIso(), worker_id: null, lease_expires_at: null, dedupe_key: null })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A failed attempt: queued again after `retryInMs`, or `failed` once its attempts are spent; `lost`
 * when this claim no longer held the job (nothing written). Give it the transaction in which the
 * job's owner records a give-up, so both are written or neither.
 */
export async function failJobAttempt(db: Db, job: ClaimedJob, workerId: string, error: string, retryInMs: number): Promise<'retry' | 'failed' | 'lost'> {
  const spent = job.attempts >= job.max_attempts;
  const result = await db
    .updateTable('jobs')
    .set(
      spent
        ? { status: 'failed', last_error: error, finished_at: nowIso(), worker_id: null, lease_expires_at: null, dedupe_key: null }
        : { status: 'queued', last_error: error, run_at: isoIn(retryInMs), worker_id: null, lease_expires_at: null },
    )
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return 'lost';
  return spent ? 'failed' : 'retry';
}

/** A recurring job's row is used again: queued for its next run (its dedupe key kept). */
export async function rescheduleJob(db: Kysely<Database>, claim: JobClaim, workerId: string, runAt: string, error: string | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: runAt, attempts: 0, worker_id: null, lease_expires_at: null, last_error: error })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

/**
 * When the next job of these kinds becomes claimable without anyone enqueueing it (a retry or a
 * recurring job falling due, a dead holder's lease running out), or null when none is pending: an
 * idle worker that is told of new jobs (LISTEN) sleeps until then instead of polling.
 */
export async function nextDueAt(db: Kysely<Database>, kinds: string[]): Promise<string | null> {
  if (kinds.length === 0) return null;
  const kindList = sql.join(kinds.map((k) => sql`${k}`));
  const result = await sql<{ at: string | null }>`
    select min(case when status = 'queued' then run_at else lease_expires_at end) as at
      from jobs where kind in (${kindList}) and status in ('queued', 'running')`.execute(db);
  return result.rows[0]?.at ?? null;
}

/** Finished jobs older than `beforeIso` are removed (their effects are in the tables they wrote). */
export async function removeFinishedJobs(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('status', 'in', ['done', 'failed']).where('finished_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Jobs by kind and state (every state: the gauges show 0 for a kind seen lately with none queued), read at each scrape. */
export async function countJobs(db: Kysely<Database>): Promise<{ kind: string; status: string; count: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) }));
}

/**
 * A job this claim still holds goes back to the queue at once (graceful shutdown): queued, due now,
 * its lease and worker cleared, and the attempt not counted (the job did not fail, its process
 * stopped), so another worker takes it now instead of when the lease would have run out. Fenced
 * like every write of a claim: false when the claim no longer held it.
 */
export async function handBackJob(db: Kysely<Database>, dialect: Dialect, claim: JobClaim & { kind: string }, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: nowIso(), attempts: sql<number>`attempts - 1`, worker_id: null, lease_expires_at: null })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  const handed = Number(result.numUpdatedRows) === 1;
  // The NOTIFY trigger fires on inserts: idle workers listening on PostgreSQL are told here.
  if (handed && dialect === 'postgres') await sql`select pg_notify('ddex_jobs', ${claim.kind})`.execute(db);
  return handed;
}

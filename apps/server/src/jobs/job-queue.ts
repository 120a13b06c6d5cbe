/**
 * The jobs table as a queue: enqueue (inside the caller's transaction when it has one), claim with
 * a lease (`FOR UPDATE SKIP LOCKED` on PostgreSQL, one atomic UPDATE on SQLite), renew, finish, and
 * retry with backoff. Every write after the claim names the worker, so a worker that lost its lease
 * (killed, paused past it) cannot overwrite the new holder's work.
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

export async function renewJobLease(db: Kysely<Database>, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: isoIn(leaseMs) })
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(db: Db, id: number, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'done', finished_at: nowIso(), worker_id: null, lease_expires_at: null, dedupe_key: null })
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: queued again after `retryInMs`, or `failed` once its attempts are spent. */
export async function failJobAttempt(db: Kysely<Database>, job: ClaimedJob, workerId: string, error: string, retryInMs: number): Promise<'retry' | 'failed'> {
  const spent = job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set(
      spent
        ? { status: 'failed', last_error: error, finished_at: nowIso(), worker_id: null, lease_expires_at: null, dedupe_key: null }
        : { status: 'queued', last_error: error, run_at: isoIn(retryInMs), worker_id: null, lease_expires_at: null },
    )
    .where('id', '=', job.id)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .execute();
  return spent ? 'failed' : 'retry';
}

/** A recurring job's row is used again: queued for its next run (its dedupe key kept). */
export async function rescheduleJob(db: Kysely<Database>, id: number, workerId: string, runAt: string, error: string | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', run_at: runAt, attempts: 0, worker_id: null, lease_expires_at: null, last_error: error })
    .where('id', '=', id)
    .where('worker_id', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

/** Finished jobs older than `beforeIso` are removed (their effects are in the tables they wrote). */
export async function removeFinishedJobs(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('status', 'in', ['done', 'failed']).where('finished_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

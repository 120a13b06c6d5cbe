/**
 * The jobs table (one queue for every kind of background work: claimed with a lease, retried with
 * backoff, scheduled with run_at) and the events table (the outbox of domain events, written in the
 * transaction of the change they describe).
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function jobsAndEvents({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', idType, id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('worker_id', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('dedupe_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
      // At most one queued or running job per key (recurring sweeps, idempotent enqueues).
      await db.schema.createIndex('jobs_dedupe').on('jobs').column('dedupe_key').unique().execute();

      await db.schema
        .createTable('events')
        .addColumn('seq', idType, id)
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_account').on('events').columns(['account_id', 'seq']).execute();
    },
  };
}

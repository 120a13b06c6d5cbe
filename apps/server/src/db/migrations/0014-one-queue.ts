/**
 * One queue (issue 42, item 1): a delivery is a job of the jobs table (`ddex.delivery`), so its
 * lease and attempts live there and `deliveries` keeps only `worker_id`, now the claim working on
 * it (the fence of its writes). Deliveries queued or in progress keep going: each gets its job
 * (those in progress back to `queued`, their claims so far carried over, so one that was killing
 * its workers is still given up). On PostgreSQL a new job notifies `ddex_jobs` at commit with its
 * kind, whoever adds it: workers LISTEN instead of polling often.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';
import { nowIso } from '../../clock.js';

/** DELIVERY_MAX_ATTEMPTS's default: deliveries queued from now on take the setting of the process that queues them. */
const MIGRATED_MAX_ATTEMPTS = 3;

export function oneQueue({ dialect }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      const waiting = await db
        .selectFrom('deliveries')
        .select(['id', 'attempts'])
        .where('status', 'in', ['queued', 'parsing', 'validating', 'importing'])
        .orderBy('id')
        .execute();
      for (const d of waiting) {
        await db
          .insertInto('jobs')
          .values({
            kind: 'ddex.delivery',
            payload: JSON.stringify({ deliveryId: d.id }),
            status: 'queued',
            run_at: nowIso(),
            attempts: d.attempts,
            max_attempts: MIGRATED_MAX_ATTEMPTS,
            dedupe_key: `delivery:${d.id}`,
            created_at: nowIso(),
          })
          .execute();
      }
      await db.updateTable('deliveries').set({ status: 'queued', worker_id: null }).where('status', 'in', ['parsing', 'validating', 'importing']).execute();
      await db.schema.alterTable('deliveries').dropColumn('lease_expires_at').execute();
      await db.schema.alterTable('deliveries').dropColumn('attempts').execute();
      // Each lane claims its own kinds.
      await db.schema.createIndex('jobs_kind_due').on('jobs').columns(['kind', 'status', 'run_at']).execute();
      if (dialect === 'postgres') {
        await sql`create function ddex_jobs_notify() returns trigger language plpgsql as $$
          begin
            perform pg_notify('ddex_jobs', new.kind);
            return null;
          end $$`.execute(db);
        await sql`create trigger jobs_notify after insert on jobs for each row execute function ddex_jobs_notify()`.execute(db);
      }
    },
  };
}

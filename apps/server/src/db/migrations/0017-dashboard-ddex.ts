/**
 * The dashboard's DDEX section (issue 43): a test report keeps the source lines its findings point
 * at (the batch is gone once the dry run ends, and the report page prints them as the CLI does),
 * and on PostgreSQL every new event notifies `ddex_events` at commit with its account, so the live
 * delivery status of an api process hears events written by a worker in another process.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function dashboardDdex({ dialect }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('test_reports').addColumn('source_lines', 'text').execute();
      if (dialect === 'postgres') {
        await sql`create function ddex_events_notify() returns trigger language plpgsql as $$
          begin
            perform pg_notify('ddex_events', new.account_id::text);
            return null;
          end $$`.execute(db);
        await sql`create trigger events_notify after insert on events for each row execute function ddex_events_notify()`.execute(db);
      }
    },
  };
}

/**
 * Counters of fixed time windows for what is limited without an API key (issue 44's follow-ups):
 * an MCP OAuth grant's per-minute rate (`token:<grant id>`) and the RFC 7591 registrations of one
 * address per hour (`register:<address>`). In the database, like `rate_windows`, so every process
 * counts in the same row.
 */
import type { Kysely, Migration } from 'kysely';

export function rateBuckets(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_buckets')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_index', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_buckets_pk', ['bucket', 'window_index'])
        .execute();
    },
  };
}

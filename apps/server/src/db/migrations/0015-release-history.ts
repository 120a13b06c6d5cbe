/**
 * Each release's message history (issue 45): an entry per delivery that touched the release
 * (created, updated, flagged, or left out while naming it), with the release's snapshot as that
 * delivery's message had it and what changed against the catalog. Kept as long as the release.
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function releaseHistory({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('release_history')
        .addColumn('id', idType, id)
        .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id'))
        .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('item_position', 'integer', (c) => c.notNull())
        .addColumn('message_id', 'text')
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'text')
        .addColumn('changes', 'text')
        .addColumn('summary', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('release_history_release').on('release_history').columns(['release_id', 'id']).execute();
      await db.schema.createIndex('release_history_item').on('release_history').columns(['delivery_id', 'item_position']).unique().execute();
    },
  };
}

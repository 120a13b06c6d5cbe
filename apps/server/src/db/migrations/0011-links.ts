/** Smartlinks and pre-saves (issue 18, third part): links, their store targets, counts per day. */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function links({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('links')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('artist', 'text', (c) => c.notNull())
        .addColumn('release_date', 'text')
        .addColumn('artwork_key', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('link_targets')
        .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id'))
        .addColumn('store', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('link_targets_pk', ['link_id', 'store'])
        .execute();
      await db.schema
        .createTable('link_counts')
        .addColumn('link_id', 'integer', (c) => c.notNull().references('links.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('presaves', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('link_counts_pk', ['link_id', 'day'])
        .execute();
    },
  };
}

/** The first schema: accounts, members, keys, rate windows, activity, deliveries, releases, recordings, staff flags. */
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function initial({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('rate_per_minute', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('members')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('is_own', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_login_at', 'text')
        .execute();
      await db.schema.createIndex('members_account').on('members').column('account_id').execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('api_keys_prefix').on('api_keys').column('prefix').execute();
      await db.schema
        .createTable('rate_windows')
        .addColumn('key_id', 'integer', (c) => c.notNull())
        .addColumn('window_minute', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_windows_pk', ['key_id', 'window_minute'])
        .execute();
      await db.schema
        .createTable('connection_activity')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('key_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('connection_activity_account').on('connection_activity').columns(['account_id', 'at']).execute();
      await db.schema
        .createTable('deliveries')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('batch_name', 'text', (c) => c.notNull())
        .addColumn('blob_key', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('message_id', 'text')
        .addColumn('ern_version', 'text')
        .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('release_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('track_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('flagged_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('left_out_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('needs_staff', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('release_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('worker_id', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('deliveries_account').on('deliveries').columns(['account_id', 'id']).execute();
      await db.schema.createIndex('deliveries_status').on('deliveries').columns(['status', 'id']).execute();
      await db.schema
        .createTable('delivery_items')
        .addColumn('id', idType, id)
        .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('upc', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('release_id', 'integer')
        .addColumn('errors', 'text', (c) => c.notNull())
        .execute();
      // One item per release of a delivery: a re-run import cannot add a second.
      await db.schema.createIndex('delivery_items_unique').on('delivery_items').columns(['delivery_id', 'position']).unique().execute();
      await db.schema
        .createTable('releases')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('upc', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('release_status', 'text', (c) => c.notNull())
        .addColumn('delivery_state', 'text', (c) => c.notNull())
        .addColumn('created_by_delivery_id', 'integer')
        .addColumn('last_delivery_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // A UPC exists once per member: the second delivery of it updates the draft.
      await db.schema.createIndex('releases_member_upc').on('releases').columns(['member_id', 'upc']).unique().execute();
      await db.schema.createIndex('releases_upc').on('releases').column('upc').execute();
      await db.schema
        .createTable('recordings')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('isrc', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('delivery_id', 'integer', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recordings_member_isrc').on('recordings').columns(['member_id', 'isrc']).unique().execute();
      await db.schema.createIndex('recordings_isrc').on('recordings').column('isrc').execute();
      await db.schema
        .createTable('staff_flags')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.notNull())
        .addColumn('delivery_id', 'integer', (c) => c.notNull())
        .addColumn('release_id', 'integer')
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('upc', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .execute();
      await sql`select 1`.execute(db);
    },
  };
}

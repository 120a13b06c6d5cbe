/** Direct uploads (issue 14): an upload, its parts as they arrive. */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function uploads({ idType, id, bigint }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('uploads')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', bigint, (c) => c.notNull())
        .addColumn('part_size', bigint, (c) => c.notNull())
        .addColumn('parts_total', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('delivery_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('committed_at', 'text')
        .execute();
      await db.schema.createIndex('uploads_status').on('uploads').columns(['status', 'created_at']).execute();
      await db.schema
        .createTable('upload_parts')
        .addColumn('upload_id', 'integer', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
        .addColumn('part_number', 'integer', (c) => c.notNull())
        .addColumn('size', bigint, (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('upload_parts_pk', ['upload_id', 'part_number'])
        .execute();
    },
  };
}

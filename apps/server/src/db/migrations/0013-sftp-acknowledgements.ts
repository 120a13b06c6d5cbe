/**
 * DDEX acknowledgements over SFTP (issue 45): each delivery's messages as the engine read them
 * (`delivery_messages`, written with the import), and when a `/production` batch's ACK files were
 * written and its folder removed. Batches processed before this change had their folder removed at
 * once and get no acknowledgement: both times are set for them here.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function sftpAcknowledgements({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('delivery_messages')
        .addColumn('id', idType, id)
        .addColumn('delivery_id', 'integer', (c) => c.notNull().references('deliveries.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text')
        .addColumn('sender', 'text')
        .addColumn('created', 'text')
        .addColumn('rejected', 'integer', (c) => c.notNull())
        .addColumn('errors', 'text', (c) => c.notNull())
        .addColumn('error_count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('delivery_messages_unique').on('delivery_messages').columns(['delivery_id', 'position']).unique().execute();
      await db.schema.alterTable('sftp_batches').addColumn('acknowledged_at', 'text').execute();
      await db.schema.alterTable('sftp_batches').addColumn('folder_removed_at', 'text').execute();
      await db
        .updateTable('sftp_batches')
        .set({ acknowledged_at: sql`coalesce(finished_at, created_at)`, folder_removed_at: sql`coalesce(finished_at, created_at)` })
        .where('area', '=', 'production')
        .where('status', '!=', 'received')
        .execute();
    },
  };
}

/** The SFTP inbox (issue 15): logins, failed-login counters, batches seen, and every test's report. */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function sftp({ idType, id, bigint }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sftp_logins')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('public_keys', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('sftp_logins_username').on('sftp_logins').columns(['username']).execute();
      await db.schema.createIndex('sftp_logins_account').on('sftp_logins').columns(['account_id']).execute();
      await db.schema
        .createTable('sftp_login_failures')
        .addColumn('address', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('first_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();
      await db.schema
        .createTable('sftp_batches')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('marker', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('delivery_id', 'integer')
        .addColumn('test_report_id', 'integer')
        .addColumn('error', 'text')
        .addColumn('size_bytes', bigint)
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('sftp_batches_name').on('sftp_batches').columns(['account_id', 'area', 'name', 'status']).execute();
      await db.schema
        .createTable('test_reports')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('verdict', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('test_reports_account').on('test_reports').columns(['account_id', 'created_at']).execute();
    },
  };
}

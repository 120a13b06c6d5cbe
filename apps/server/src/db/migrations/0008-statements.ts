/**
 * Store statements and earnings (issue 18, first part): imported statements and their rows (money in
 * micro-dollars, exact), and each member's share of the partner's revenue (basis points).
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function statements({ idType, id, bigint }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('statements')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rates', 'text', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('error_count', 'integer', (c) => c.notNull())
        .addColumn('unmatched_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('committed_at', 'text')
        .execute();
      await db.schema
        .createTable('statement_rows')
        .addColumn('id', idType, id)
        .addColumn('statement_id', 'integer', (c) => c.notNull().references('statements.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('store', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('upc', 'text')
        .addColumn('isrc', 'text')
        .addColumn('release_id', 'integer')
        .addColumn('member_id', 'integer')
        .addColumn('units', 'integer', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addColumn('amount_micro_usd', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('statement_rows_account').on('statement_rows').columns(['account_id', 'period']).execute();
      await db.schema
        .createTable('member_shares')
        .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id'))
        .addColumn('share_bps', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

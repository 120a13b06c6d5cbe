/** Payouts (issue 18, second part): withdrawal requests and the staff's manual balance adjustments. */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function payouts({ idType, id, bigint }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('payouts')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount_cents', bigint, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('failed_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('approved_at', 'text')
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema.createIndex('payouts_account').on('payouts').columns(['account_id', 'id']).execute();
      await db.schema
        .createTable('balance_adjustments')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount_cents', bigint, (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

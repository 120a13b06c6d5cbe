/** Target stores per account (issue 19): the stores whose verdicts the account's reports carry. */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function stores(_types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('account_stores')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('store', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_stores_pk', ['account_id', 'store'])
        .execute();
    },
  };
}

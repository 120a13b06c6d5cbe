/**
 * White-label portal domains (issue 50): a host name an operator attaches to an account. On it,
 * /api/v1 is the portal's current base (no sunset) and only the account's keys are accepted. The
 * domain is the primary key, so one domain never belongs to two accounts.
 */
import type { Kysely, Migration } from 'kysely';

export function portalDomains(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('portal_domains')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('portal_domains_account').on('portal_domains').column('account_id').execute();
    },
  };
}

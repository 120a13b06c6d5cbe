/**
 * The dashboard's people (issue 43): `users` (who signs in to an account's dashboard; distinct
 * from `members`, the artists and labels of its catalog), their one-time invitations, their
 * sessions, and failed sign-ins (kept here so every process of the api role shares the lockout).
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function usersAndSessions({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        // Lower-cased: one person signs in with one email, whatever its case.
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_sign_in_at', 'text')
        .execute();
      await db.schema.createIndex('users_email').on('users').column('email').unique().execute();
      await db.schema.createIndex('users_account').on('users').columns(['account_id', 'id']).execute();

      await db.schema
        .createTable('user_invitations')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_invitations_token').on('user_invitations').column('token_hash').unique().execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_token').on('sessions').column('token_hash').unique().execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('sign_in_failures')
        .addColumn('id', idType, id)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_email').on('sign_in_failures').columns(['email', 'at']).execute();
      await db.schema.createIndex('sign_in_failures_address').on('sign_in_failures').columns(['address', 'at']).execute();
    },
  };
}

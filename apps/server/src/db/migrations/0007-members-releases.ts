/**
 * Members, invitations and releases (issue 17): a member's password (set when an invitation is
 * accepted), invitations with their hashed single-use tokens, each release's state per store, and
 * staff requests (the staff_flags rows) with their resolution.
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function membersAndReleases({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('members').addColumn('password_hash', 'text').execute();
      await db.schema.createIndex('members_email').on('members').column('email').execute();
      await db.schema
        .createTable('invitations')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('token_hash', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('accepted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invitations_token').on('invitations').column('token_hash').execute();
      await db.schema
        .createTable('release_stores')
        .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id'))
        .addColumn('store', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('release_stores_pk', ['release_id', 'store'])
        .execute();
      await db.schema.alterTable('staff_flags').addColumn('resolution', 'text').execute();
      await db.schema.alterTable('staff_flags').addColumn('resolution_note', 'text').execute();
      await db.schema.alterTable('releases').addColumn('status_reason', 'text').execute();
    },
  };
}

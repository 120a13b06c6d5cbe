/**
 * The server's own keys in the database (issue 46): the keys that sign upload part URLs and
 * invitation tokens, encrypt webhook secrets, and the SFTP host key, one row each, so every
 * process on the database uses the same ones whatever machine it runs on (they were files in each
 * process's data directory: a second machine made keys of its own). A key file left by an earlier
 * version is taken into its row on first start (auth/server-keys.ts), so nothing signed or
 * encrypted before is lost.
 */
import type { Kysely, Migration } from 'kysely';

export function serverKeys(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Opens the database: SQLite (a file in the data directory) by default, PostgreSQL when
 * `DATABASE_URL` is a postgres:// URL. The same Kysely queries run on both.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrations/index.js';

import type { Dialect } from './dialect.js';
import { preparedStatements } from './sqlite-statements.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

export type { Dialect } from './dialect.js';

/** Plain data (it crosses into worker threads). */
export interface DbConfig {
  dialect: Dialect;
  /** SQLite file path, or the PostgreSQL connection string. */
  location: string;
}

export function dbConfigFrom(dataDir: string, databaseUrl: string | undefined): DbConfig {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return { dialect: 'postgres', location: databaseUrl };
  if (databaseUrl && databaseUrl.startsWith('sqlite:')) return { dialect: 'sqlite', location: databaseUrl.slice('sqlite:'.length) };
  if (databaseUrl) throw new Error(`DATABASE_URL must start with postgres://, postgresql:// or sqlite: (got "${databaseUrl.split(':')[0]}:")`);
  return { dialect: 'sqlite', location: path.join(dataDir, 'ddex-server.sqlite') };
}

export interface OpenDb {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// Each driver is loaded when a database of its kind opens: an admin command starts without the other.
const require = createRequire(import.meta.url);

export function openDb(config: DbConfig, options: { poolSize?: number; readonly?: boolean } = {}): OpenDb {
  if (config.dialect === 'postgres') {
    const pg = require('pg') as typeof import('pg');
    // pg returns int8/numeric as strings; every id and counter here is int4, counts are cast.
    const pool = new pg.Pool({ connectionString: config.location, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (a restart, a failover, pg_terminate_backend) makes the
    // pool emit 'error': unheard, that is an uncaught exception ending the process. The pool drops
    // that client by itself and the next query opens a new one.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, { code: 'DDEX_PG_IDLE_CLOSED' }));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  makeFolderSync(path.dirname(config.location));
  const SqliteDatabase = require('better-sqlite3') as typeof import('better-sqlite3');
  const sqlite = new SqliteDatabase(config.location, { readonly: options.readonly ?? false });
  if (!options.readonly) sqlite.pragma('journal_mode = WAL');
  // Other processes (admin commands, a second server) write the same file: wait instead of failing.
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // Transactions begin IMMEDIATE: one that reads then writes takes the write lock at its start and
  // waits its turn (busy_timeout). Kysely's plain BEGIN reads a snapshot first, and when another
  // process writes in between, its first write fails at once with "database is locked" (WAL's
  // SQLITE_BUSY_SNAPSHOT, which no busy timeout retries): seen with an admin command beside a server.
  const begin = options.readonly ? 'begin' : 'begin immediate';
  const database = { close: () => sqlite.close(), prepare: preparedStatements(sqlite, begin) };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export async function openMigratedDb(config: DbConfig): Promise<OpenDb> {
  const open = openDb(config);
  await migrateToLatest(open.db as Kysely<any>, open.dialect);
  return open;
}

/**
 * SQLite shared by processes: a transaction that reads, then writes after another process wrote,
 * commits (BEGIN IMMEDIATE waits its turn) instead of failing with "database is locked".
 * PostgreSQL: an idle connection ended by the server does not end the process; the next query works.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from './connect.js';
import { backends, freshDatabase } from '../../test/support/server-process.js';

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

describe('SQLite transactions across processes', () => {
  it('a read-then-write transaction commits while another process writes in between', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-sqlite-'));
    const file = path.join(dir, 'db.sqlite');
    const open = openDb({ dialect: 'sqlite', location: file });
    try {
      await sql`create table t (id integer primary key, v text)`.execute(open.db);
      let other: Promise<number> | null = null;
      await open.db.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        // Another process writes the same file now (waiting, with a busy timeout, for its turn).
        const child = spawn(process.execPath, ['-e', `const D = require(${JSON.stringify(betterSqlite)}); const d = new D(${JSON.stringify(file)}); d.pragma('busy_timeout = 10000'); d.prepare("insert into t (v) values ('other')").run(); d.close();`], { stdio: 'inherit' });
        other = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
        await new Promise((r) => setTimeout(r, 500));
        await sql`insert into t (v) values ('mine')`.execute(trx);
      });
      expect(await other).toBe(0);
      const rows = await sql<{ v: string }>`select v from t order by id`.execute(open.db);
      expect(rows.rows.map((r) => r.v)).toEqual(['mine', 'other']);
    } finally {
      await open.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgres = backends().filter((b) => b.name === 'postgres');
describe.skipIf(postgres.length === 0)('PostgreSQL connections ended by the server', () => {
  it('keeps the process up when an idle connection is terminated, and the next query runs', async () => {
    const fresh = await freshDatabase(postgres[0]);
    const open = openDb(fresh.config, { poolSize: 2 });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      await sql`select 1`.execute(open.db);
      // Another session ends every other connection to this database, as a restart or failover would.
      const admin = openDb(fresh.config, { poolSize: 1 });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(admin.db);
      await admin.close();
      await new Promise((r) => setTimeout(r, 300));
      expect(warnings.some((w) => w.includes('PostgreSQL closed an idle connection'))).toBe(true);
      expect((await sql<{ n: number }>`select 2 as n`.execute(open.db)).rows[0].n).toBe(2);
    } finally {
      process.off('warning', onWarning);
      await open.close();
      await fresh.drop();
    }
  });
});

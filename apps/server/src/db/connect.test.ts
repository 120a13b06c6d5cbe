/**
 * SQLite shared by processes: a transaction that reads, then writes after another process wrote,
 * commits (BEGIN IMMEDIATE waits its turn) instead of failing with "database is locked".
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from './connect.js';

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

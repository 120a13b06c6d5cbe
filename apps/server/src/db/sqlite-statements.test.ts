/**
 * The SQLite connection keeps its prepared statements: the same query text is prepared once; a
 * query streamed and stopped early runs again; a kept statement sees a column added after it was
 * prepared; DDL is never kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type OpenDb } from './connect.js';
import { preparedStatements } from './sqlite-statements.js';

const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');

describe('prepared statements of a SQLite connection', () => {
  const opened: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });

  it('prepares a query text once and reuses the statement', () => {
    const sqlite = new BetterSqlite(':memory:');
    opened.push(sqlite);
    const prepare = preparedStatements(sqlite, 'begin immediate');
    sqlite.exec('create table t (id integer primary key, v text)');
    const insert = prepare('insert into t (v) values (?)');
    expect(prepare('insert into t (v) values (?)')).toBe(insert);
    insert.run('a');
    prepare('insert into t (v) values (?)').run('b');
    expect(prepare('select v from t order by id').all()).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(prepare('begin').source).toBe('begin immediate');
    // DDL is not kept: a second `create` is a new statement.
    expect(prepare('create table if not exists u (x)')).not.toBe(prepare('create table if not exists u (x)'));
  });

  function tempDb(): OpenDb {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-statements-'));
    const open = openDb({ dialect: 'sqlite', location: path.join(dir, 'db.sqlite') });
    opened.push({ close: async () => (await open.close(), fs.rmSync(dir, { recursive: true, force: true })) });
    return open;
  }

  it('runs a query again after a stream of the same query stopped early', async () => {
    const { db } = tempDb();
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await sql`insert into t (v) values ('a'), ('b'), ('c')`.execute(db);
    const anyDb = db as unknown as Kysely<any>;
    const query = () => anyDb.selectFrom('t').select('v').orderBy('id');
    for await (const row of query().stream()) {
      expect(row.v).toBe('a');
      break;
    }
    expect((await query().execute()).map((r) => r.v)).toEqual(['a', 'b', 'c']);
    const streamed: string[] = [];
    for await (const row of query().stream()) streamed.push(row.v);
    expect(streamed).toEqual(['a', 'b', 'c']);
  });

  it('a kept select sees a column added after it was first run', async () => {
    const { db } = tempDb();
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t (id) values (1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ id: 1 }]);
    await sql`alter table t add column v text default 'new'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ id: 1, v: 'new' }]);
  });
});

/**
 * A query compiled once runs with each call's values, gives the rows the same query built at each
 * call gives, is built once per database handle, keeps the values it was compiled with that are not
 * the caller's (a limit), and refuses a value it does not carry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type OpenDb } from './connect.js';
import type { Database } from './schema.js';
import { compiledOnce, rowsOf } from './compiled-once.js';

// A table of the test's own: the helper is typed for the server's Database, the test's queries are not.
const anyDb = (db: Kysely<Database>) => db as unknown as Kysely<any>;

describe('compiledOnce', () => {
  const opened: OpenDb[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });

  async function tempDb(): Promise<Kysely<Database>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-compiled-once-'));
    const open = openDb({ dialect: 'sqlite', location: path.join(dir, 'db.sqlite') });
    opened.push(open);
    await sql`create table t (id integer primary key, owner integer not null, v text not null)`.execute(open.db);
    await sql`insert into t (owner, v) values (1, 'a'), (1, 'b'), (2, 'c'), (3, 'd')`.execute(open.db);
    return open.db;
  }

  const build = (db: Kysely<Database>, { owner, above }: { owner: number; above: string }) =>
    anyDb(db).selectFrom('t').select(['id', 'v']).where('owner', '=', owner).where('v', '>', above).orderBy('id');

  it("runs with each call's values and gives the rows of the query built at each call", async () => {
    const db = await tempDb();
    const query = compiledOnce(build);
    for (const values of [{ owner: 1, above: '' }, { owner: 1, above: 'a' }, { owner: 2, above: '' }, { owner: 9, above: '' }]) {
      const rows = await rowsOf(db, query(db, values));
      expect(rows).toEqual(await build(db, values).execute());
    }
    expect((await rowsOf(db, query(db, { owner: 1, above: '' }))).map((r) => (r as { v: string }).v)).toEqual(['a', 'b']);
    expect(await rowsOf(db, query(db, { owner: 9, above: '' }))).toEqual([]);
  });

  it('builds once per database handle', async () => {
    const [first, second] = [await tempDb(), await tempDb()];
    let builds = 0;
    const query = compiledOnce((db, values: { owner: number; above: string }) => (builds++, build(db, values)));
    await rowsOf(first, query(first, { owner: 1, above: '' }));
    await rowsOf(first, query(first, { owner: 2, above: '' }));
    expect(builds).toBe(1);
    await anyDb(second).deleteFrom('t').where('owner', '=', 2).execute();
    expect(await rowsOf(second, query(second, { owner: 2, above: '' }))).toEqual([]);
    expect(builds).toBe(2);
  });

  it('keeps the values it was compiled with that are not the caller’s', async () => {
    const db = await tempDb();
    const first = compiledOnce((db, { owner }: { owner: number }) => anyDb(db).selectFrom('t').select('v').where('owner', '=', owner).orderBy('id').limit(1));
    expect(await rowsOf(db, first(db, { owner: 1 }))).toEqual([{ v: 'a' }]);
    expect(await rowsOf(db, first(db, { owner: 3 }))).toEqual([{ v: 'd' }]);
  });

  it('inserts the values of each call', async () => {
    const db = await tempDb();
    const insert = compiledOnce((db, row: { owner: number; v: string }) => anyDb(db).insertInto('t').values(row).returning('id'));
    const [a] = await rowsOf(db, insert(db, { owner: 5, v: 'x' }));
    const [b] = await rowsOf(db, insert(db, { owner: 6, v: 'y' }));
    expect(b.id).toBe(a.id + 1);
    expect(await anyDb(db).selectFrom('t').select(['owner', 'v']).where('owner', '>=', 5).orderBy('id').execute()).toEqual([
      { owner: 5, v: 'x' },
      { owner: 6, v: 'y' },
    ]);
  });

  it('refuses a value the compiled query does not carry, naming it', async () => {
    const db = await tempDb();
    // `above` only decides which query is built: compiled once, the choice would be frozen.
    const query = compiledOnce((db, { owner, above }: { owner: number; above: string }) => anyDb(db).selectFrom('t').select('v').where('owner', '=', above ? owner : 0));
    expect(() => query(db, { owner: 1, above: 'a' })).toThrow(/the value "above" is not a parameter/);
  });
});

/**
 * Queries of every request, built and compiled by Kysely once per database handle and then run
 * with each call's values. Kysely builds and compiles a query anew at each call: for the five small
 * queries a dry run asks on the HTTP thread (portal, key, rate, own member, stores) that cost more
 * than SQLite's run of them (bench/server-bench.mjs; docs/performance.md).
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stands for the value named `name` while the query is compiled; never sent to a database. */
const placeholder = (name: string) => `\u0000compiled-once value ${name}\u0000`;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each of the compiled query's parameters, the name of the call's value it takes, or null to keep the compiled value. */
  from: (string | null)[];
}

/**
 * `build` receives placeholders for the named values and must use each as a value of the query (a
 * comparison, a value inserted), the same query whatever they are: it runs once per database
 * handle, and a value it tested or transformed would be that placeholder's. A value the compiled
 * query does not carry throws, so a query that cannot be compiled once fails at its first call, in
 * every test that reaches it.
 */
export function compiledOnce<V extends Record<string, unknown>, R>(build: (db: Kysely<Database>, values: V) => { compile(): CompiledQuery<R> }): (db: Kysely<Database>, values: V) => CompiledQuery<R> {
  const byDb = new WeakMap<Kysely<Database>, Compiled<R>>();
  return (db, values) => {
    let compiled = byDb.get(db);
    if (!compiled) {
      const names = Object.keys(values);
      const query = build(db, Object.fromEntries(names.map((name) => [name, placeholder(name)])) as V).compile();
      const from = query.parameters.map((p) => names.find((name) => p === placeholder(name)) ?? null);
      const missing = names.find((name) => !from.includes(name));
      if (missing !== undefined) throw new Error(`compiledOnce: the value "${missing}" is not a parameter of the compiled query (${query.sql})`);
      byDb.set(db, (compiled = { query, from }));
    }
    const { query, from } = compiled;
    return { ...query, parameters: from.map((name, at) => (name === null ? query.parameters[at] : values[name])) };
  };
}

/** Runs a query compiled once: its rows. */
export async function rowsOf<R>(db: Kysely<Database>, query: CompiledQuery<R>): Promise<R[]> {
  return (await db.executeQuery(query)).rows;
}

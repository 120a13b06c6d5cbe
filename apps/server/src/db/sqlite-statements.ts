/** Prepared statements of one SQLite connection, kept and reused (Kysely's driver prepares every query again). */
type SqliteConnection = import('better-sqlite3').Database;
type SqliteStatement = import('better-sqlite3').Statement;

/** Statements kept prepared per connection (SQL texts are few: values are parameters). */
const STATEMENT_CACHE = 256;

/**
 * Kysely's SQLite driver prepares every query again, and preparing cost more than running the
 * small queries of a request (3-5% of a dry run's CPU, measured with bench/server-bench.mjs).
 * The last STATEMENT_CACHE statements are reused; a statement still iterating (a streamed select)
 * is `busy` and cannot run twice, so that query gets a fresh one. Only data statements are kept:
 * DDL runs once (migrations).
 */
export function preparedStatements(sqlite: SqliteConnection, begin: string): (query: string) => SqliteStatement {
  const cache = new Map<string, SqliteStatement>();
  return (query) => {
    const text = query === 'begin' ? begin : query;
    const kept = cache.get(text);
    if (kept && !kept.busy) {
      cache.delete(text); // most recently used last
      cache.set(text, kept);
      return kept;
    }
    const statement = sqlite.prepare(text);
    if (!kept && /^\s*(select|insert|update|delete|with)\b/i.test(text)) {
      cache.set(text, statement);
      if (cache.size > STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
    }
    return statement;
  };
}

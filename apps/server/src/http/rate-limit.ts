/**
 * Request counters kept in the database, so a limit holds across processes and restarts. One
 * upsert per request, fixed windows: per API key per calendar minute (`rate_windows`), and for
 * what has no key (an MCP grant, an address registering clients) per named bucket and a window
 * of any length (`rate_buckets`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { compiledOnce, rowsOf } from '../db/compiled-once.js';

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  exceeded: boolean;
}

/** One more request of a key in a minute's window (compiled once: it runs on every request with a key). */
const countInMinute = compiledOnce((db, { keyId, minute }: { keyId: number; minute: number }) =>
  db
    .insertInto('rate_windows')
    .values({ key_id: keyId, window_minute: minute, count: 1 })
    .onConflict((oc) => oc.columns(['key_id', 'window_minute']).doUpdateSet({ count: sql`rate_windows.count + 1` }))
    .returning('count'),
);

export async function countRequest(db: Kysely<Database>, keyId: number, limit: number, now = Date.now()): Promise<RateState> {
  const minute = Math.floor(now / 60_000);
  const [row] = await rowsOf(db, countInMinute(db, { keyId, minute }));
  const count = Number(row.count);
  if (count === 1) {
    // First request of a new window: drop this key's old windows (keeps the table tiny).
    await db.deleteFrom('rate_windows').where('key_id', '=', keyId).where('window_minute', '<', minute).execute();
  }
  const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
  return { limit, remaining: Math.max(0, limit - count), resetSeconds, exceeded: count > limit };
}

/**
 * Counts one more in `bucket`'s current window of `windowMs` and says whether `limit` is passed.
 * `now` is the server's clock (clock.ts), so moving it in a test moves the windows too.
 */
export async function countInWindow(db: Kysely<Database>, bucket: string, limit: number, windowMs: number, now: number): Promise<RateState> {
  const index = Math.floor(now / windowMs);
  const row = await db
    .insertInto('rate_buckets')
    .values({ bucket, window_index: index, count: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'window_index']).doUpdateSet({ count: sql`rate_buckets.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  // First of a new window: drop this bucket's old windows (keeps the table tiny).
  if (count === 1) await db.deleteFrom('rate_buckets').where('bucket', '=', bucket).where('window_index', '<', index).execute();
  const resetSeconds = Math.max(1, Math.ceil(((index + 1) * windowMs - now) / 1000));
  return { limit, remaining: Math.max(0, limit - count), resetSeconds, exceeded: count > limit };
}

/**
 * Per-key, per-minute request counter kept in the database, so the plan's rate holds across
 * processes and restarts. One upsert per request: fixed windows of one calendar minute.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  exceeded: boolean;
}

export async function countRequest(db: Kysely<Database>, keyId: number, limit: number, now = Date.now()): Promise<RateState> {
  const minute = Math.floor(now / 60_000);
  const row = await db
    .insertInto('rate_windows')
    .values({ key_id: keyId, window_minute: minute, count: 1 })
    .onConflict((oc) => oc.columns(['key_id', 'window_minute']).doUpdateSet({ count: sql`rate_windows.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  if (count === 1) {
    // First request of a new window: drop this key's old windows (keeps the table tiny).
    await db.deleteFrom('rate_windows').where('key_id', '=', keyId).where('window_minute', '<', minute).execute();
  }
  const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
  return { limit, remaining: Math.max(0, limit - count), resetSeconds, exceeded: count > limit };
}

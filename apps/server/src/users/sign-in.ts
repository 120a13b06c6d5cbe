/**
 * Sign-in with email and password, with a lockout kept in the database (every api process shares
 * it): past EMAIL_LIMIT failures for one email, or ADDRESS_LIMIT from one address, within
 * WINDOW_MS, sign-in is refused for that email or address, even with the right password, until
 * the window has moved past enough of them. The answer says until when. A success clears the
 * email's failures. An unknown email costs the same time as a wrong password (a decoy hash).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso, nowMs } from '../clock.js';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import { MAX_PASSWORD, normalEmail } from './users.js';
import './tables.js';

export const WINDOW_MS = 15 * 60_000;
export const EMAIL_LIMIT = 5;
export const ADDRESS_LIMIT = 20;

export type SignInResult = { ok: true; userId: number } | { ok: false; why: 'wrong' } | { ok: false; why: 'locked'; until: string; by: 'email' | 'address' };

/** When the lockout of these failures ends, or null when there are fewer than `limit` in the window. */
function lockedUntil(times: string[], limit: number): string | null {
  if (times.length < limit) return null;
  // Sorted oldest first: once this one leaves the window, fewer than `limit` remain.
  return new Date(Date.parse(times[times.length - limit]) + WINDOW_MS).toISOString();
}

async function failuresSince(db: Kysely<Database>, column: 'email' | 'address', value: string, since: string): Promise<string[]> {
  // Bounded by now too: a failure stamped later (a test's moved clock) is not counted before its time.
  const rows = await db.selectFrom('sign_in_failures').select('at').where(column, '=', value).where('at', '>', since).where('at', '<=', nowIso()).orderBy('at').execute();
  return rows.map((r) => r.at);
}

export async function signIn(db: Kysely<Database>, rawEmail: string, password: string, address: string): Promise<SignInResult> {
  const email = normalEmail(rawEmail).slice(0, 254);
  const since = new Date(nowMs() - WINDOW_MS).toISOString();
  const byAddress = lockedUntil(await failuresSince(db, 'address', address, since), ADDRESS_LIMIT);
  if (byAddress) return { ok: false, why: 'locked', until: byAddress, by: 'address' };
  const byEmail = lockedUntil(await failuresSince(db, 'email', email, since), EMAIL_LIMIT);
  if (byEmail) return { ok: false, why: 'locked', until: byEmail, by: 'email' };

  const user = await db.selectFrom('users').select(['id', 'password_hash', 'status']).where('email', '=', email).executeTakeFirst();
  const usable = user && user.status === 'active' && user.password_hash && password.length <= MAX_PASSWORD;
  const matches = await verifyPassword(password.slice(0, MAX_PASSWORD), usable ? user.password_hash! : await decoyHash());
  if (usable && matches) {
    await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
    return { ok: true, userId: user.id };
  }
  await db.insertInto('sign_in_failures').values({ email, address, at: nowIso() }).execute();
  // Keeps the table to the window's rows (a day's margin for moved test clocks).
  await db.deleteFrom('sign_in_failures').where('at', '<', new Date(nowMs() - WINDOW_MS - 86_400_000).toISOString()).execute();
  return { ok: false, why: 'wrong' };
}

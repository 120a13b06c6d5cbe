/**
 * Dashboard sessions: the cookie holds 32 random bytes, the table only their sha256, so a read of
 * the table signs nobody in. A session ends after IDLE_MS without a request, at ABSOLUTE_MS after
 * sign-in whatever happens, at sign-out, when revoked from Settings → Sessions, or when its user
 * is removed. Each has its own CSRF synchronizer token (random, stored with it).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isoIn, nowIso, nowMs } from '../clock.js';
import { tokenHash } from './users.js';
import './tables.js';
import { CALLER_ACCOUNT_COLUMNS } from '../auth/caller-account.js';

/** A working day of pauses: a person who leaves the tab for lunch is still signed in. */
export const IDLE_MS = 12 * 3600_000;
/** A week, then sign in again whatever the activity. */
export const ABSOLUTE_MS = 7 * 86_400_000;
/** `last_seen_at` is written at most this often, not on every request. */
const TOUCH_MS = 60_000;

export interface NewSession {
  id: number;
  /** The cookie's value: given once, never stored. */
  token: string;
}

export async function createSession(db: Kysely<Database>, userId: number, o: { address: string | null; userAgent: string | null }): Promise<NewSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = nowIso();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash(token),
      csrf_token: crypto.randomBytes(32).toString('base64url'),
      created_at: now,
      last_seen_at: now,
      expires_at: isoIn(ABSOLUTE_MS),
      address: o.address,
      user_agent: o.userAgent ? o.userAgent.slice(0, 300) : null,
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
  return { id: row.id, token };
}

export interface LiveSession {
  id: number;
  csrfToken: string;
  user: { id: number; email: string; status: string };
  account: { id: number; name: string; email: string; plan: string; active: number; rate_per_minute: number | null };
}

/** The session of a cookie's value, or why there is none. Touches `last_seen_at` (at most once a minute). */
export async function sessionByToken(db: Kysely<Database>, token: string): Promise<{ ok: true; session: LiveSession } | { ok: false; why: 'unknown' | 'ended' | 'expired' }> {
  if (!/^[\w-]{20,100}$/.test(token)) return { ok: false, why: 'unknown' };
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select([
      'sessions.id',
      'sessions.csrf_token',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.ended_at',
      'users.id as user_id',
      'users.email as user_email',
      'users.status as user_status',
      ...CALLER_ACCOUNT_COLUMNS,
    ])
    .where('sessions.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return { ok: false, why: 'unknown' };
  if (row.ended_at || row.user_status !== 'active') return { ok: false, why: 'ended' };
  const now = nowMs();
  if (Date.parse(row.expires_at) <= now || Date.parse(row.last_seen_at) + IDLE_MS <= now) return { ok: false, why: 'expired' };
  if (Date.parse(row.last_seen_at) + TOUCH_MS <= now) await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', row.id).execute();
  return {
    ok: true,
    session: {
      id: row.id,
      csrfToken: row.csrf_token,
      user: { id: row.user_id, email: row.user_email, status: row.user_status },
      account: { id: row.account_id, name: row.account_name, email: row.account_email, plan: row.plan, active: row.active, rate_per_minute: row.rate_per_minute },
    },
  };
}

/** Ends one of the user's sessions (sign-out, or revoked from the list). False: no such live session of this user. */
export async function endSession(db: Kysely<Database>, userId: number, sessionId: number): Promise<boolean> {
  const result = await db.updateTable('sessions').set({ ended_at: nowIso() }).where('id', '=', sessionId).where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a session is still live (not ended, not past its expiry): a long answer made for it (the
 * dashboard's event stream) asks again as it goes, so a sign-out or a revocation in another process
 * ends it too.
 */
export async function sessionIsLive(db: Kysely<Database>, sessionId: number): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', sessionId).where('ended_at', 'is', null).where('expires_at', '>', nowIso()).executeTakeFirst();
  return Boolean(row);
}

export interface SessionRow {
  id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  address: string | null;
  user_agent: string | null;
}

/** The user's live sessions, newest first (ended and expired ones left out). */
export async function listSessions(db: Kysely<Database>, userId: number): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'address', 'user_agent'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .execute();
  const now = nowMs();
  return rows.filter((r) => Date.parse(r.last_seen_at) + IDLE_MS > now);
}

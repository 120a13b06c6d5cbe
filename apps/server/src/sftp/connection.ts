/**
 * What the dashboard's DDEX → Connection page shows and changes: the SFTP inbox's address, user
 * name and host-key fingerprint; a new SFTP password (made here, shown once, stored only as its
 * hash); SSH public keys (logins.ts checks each); and the connection's activity, pings (GET /ping)
 * and SFTP connection tests, with whether the connection is seen working.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../members/invitations.js';
import { nowMs } from '../clock.js';
import { fingerprintOf, loadOrCreateHostKey } from './host-key.js';
import { ssh2 } from './ssh2.js';
import { createLogin, usernameOf } from './logins.js';
import '../account/tables.js';
import './tables.js';

/** A connection seen within this many days is "working"; older, "not seen for N days". */
export const WORKING_DAYS = 7;

export interface ConnectionDetails {
  host: string;
  port: number;
  username: string;
  /** Whether the account has an active login (a password can be set either way). */
  hasLogin: boolean;
  hostKey: { fingerprint: string; type: string };
  /** The login's public keys: type, SHA256 fingerprint, comment. */
  keys: { type: string; fingerprint: string; comment: string }[];
}

export async function connectionDetails(db: Kysely<Database>, o: { accountId: number; dataDir: string; host: string; port: number }): Promise<ConnectionDetails> {
  const login = await db.selectFrom('sftp_logins').select(['username', 'public_keys']).where('account_id', '=', o.accountId).where('revoked_at', 'is', null).executeTakeFirst();
  const keys = (login ? (JSON.parse(login.public_keys) as string[]) : []).map((line) => {
    const parsed = ssh2().utils.parseKey(line);
    const key = parsed instanceof Error ? null : Array.isArray(parsed) ? parsed[0] : parsed;
    const fingerprint = key ? `SHA256:${crypto.createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '')}` : '?';
    return { type: key?.type ?? line.split(' ')[0], fingerprint, comment: key?.comment ?? '' };
  });
  const host = fingerprintOf(await loadOrCreateHostKey(db, o.dataDir));
  return { host: o.host, port: o.port, username: login?.username ?? usernameOf(o.accountId), hasLogin: Boolean(login), hostKey: { fingerprint: host.fingerprint, type: host.type }, keys };
}

/** Sets a new SFTP password (making the login when there is none); the password is returned once and never stored. */
export async function resetSftpPassword(db: Kysely<Database>, accountId: number): Promise<{ username: string; password: string }> {
  const login = await db.selectFrom('sftp_logins').select('id').where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
  if (!login) {
    const made = await createLogin(db, accountId);
    return { username: made.username, password: made.password };
  }
  const password = crypto.randomBytes(18).toString('base64url');
  await db.updateTable('sftp_logins').set({ password_hash: hashPassword(password) }).where('id', '=', login.id).execute();
  return { username: usernameOf(accountId), password };
}

export type ActivityKind = 'api_ping' | 'sftp_connection_test';

export interface ActivityState {
  kind: ActivityKind;
  label: string;
  lastAt: string | null;
  /** `working` (seen within WORKING_DAYS), `stale` (seen before), `never`. */
  state: 'working' | 'stale' | 'never';
  /** "Working: last seen 2 hours ago", "Not seen for 12 days", "Never seen". */
  text: string;
}

const LABELS: Record<ActivityKind, string> = { api_ping: 'API (GET /ping)', sftp_connection_test: 'SFTP connection test' };

function ago(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Whether each way of connecting was seen working, from its last activity. */
export function activityState(kind: ActivityKind, lastAt: string | null, now = nowMs()): ActivityState {
  const label = LABELS[kind];
  if (!lastAt) return { kind, label, lastAt, state: 'never', text: 'Never seen' };
  const age = Math.max(0, now - Date.parse(lastAt));
  const days = Math.floor(age / 86_400_000);
  if (days < WORKING_DAYS) return { kind, label, lastAt, state: 'working', text: `Working: last seen ${ago(age)}` };
  return { kind, label, lastAt, state: 'stale', text: `Not seen for ${days} days` };
}

export interface ActivityRow {
  id: number;
  kind: string;
  label: string;
  ip: string | null;
  userAgent: string | null;
  at: string;
}

/** The last activity of the account (newest first) and the state of each way of connecting. */
export async function connectionActivity(db: Kysely<Database>, accountId: number, limit = 50): Promise<{ states: ActivityState[]; rows: ActivityRow[] }> {
  const rows = await db.selectFrom('connection_activity').selectAll().where('account_id', '=', accountId).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  const states = (Object.keys(LABELS) as ActivityKind[]).map((kind) => {
    const last = rows.find((r) => r.kind === kind);
    return last ? activityState(kind, last.at) : null;
  });
  // A kind not in the last rows may still have older activity: ask for its newest.
  for (let i = 0; i < states.length; i++) {
    if (states[i]) continue;
    const kind = (Object.keys(LABELS) as ActivityKind[])[i];
    const last = await db.selectFrom('connection_activity').select('at').where('account_id', '=', accountId).where('kind', '=', kind).orderBy('at', 'desc').limit(1).executeTakeFirst();
    states[i] = activityState(kind, last?.at ?? null);
  }
  return {
    states: states as ActivityState[],
    rows: rows.map((r) => ({ id: r.id, kind: r.kind, label: LABELS[r.kind as ActivityKind] ?? r.kind, ip: r.ip, userAgent: r.user_agent, at: r.at })),
  };
}

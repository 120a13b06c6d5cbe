/**
 * The dashboard's people of an account: invited by a one-time link (7 days, single use, only the
 * token's sha256 stored), active once they set a password, removed (their sessions end at once).
 * The admin command and Settings → Users call these same functions.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isoIn, nowIso } from '../clock.js';
import { hashPassword } from '../auth/passwords.js';
import './tables.js';

export const INVITATION_DAYS = 7;
export const MIN_PASSWORD = 10;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const MAX_PASSWORD = 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const normalEmail = (email: string) => email.trim().toLowerCase();

export type InviteResult =
  | { ok: true; userId: number; token: string; expiresAt: string }
  | { ok: false; why: 'invalid_email' | 'no_account' | 'taken'; message: string };

/**
 * Invites `email` to the account's dashboard. A person already invited (or removed) from the same
 * account gets a new link, and the links sent before stop working; a person active anywhere, or
 * invited to another account, is refused (one email signs in to one account).
 */
export async function inviteUser(
  db: Kysely<Database>,
  accountId: number,
  rawEmail: string,
  o: {
    /** The link's token (invitation-mail.ts derives it, so its email job can make it again); random when not given. */
    token?: string;
    /** Runs in the invitation's transaction (queues its email). */
    then?: (trx: Kysely<Database>, invitationId: number, userId: number) => Promise<unknown>;
  } = {},
): Promise<InviteResult> {
  const email = normalEmail(rawEmail);
  if (!EMAIL.test(email) || email.length > 254) return { ok: false, why: 'invalid_email', message: `"${rawEmail.slice(0, 80)}" is not an email address.` };
  const account = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!account) return { ok: false, why: 'no_account', message: `There is no account ${accountId}.` };
  const token = o.token ?? crypto.randomBytes(32).toString('base64url');
  const expiresAt = isoIn(INVITATION_DAYS * 86_400_000);
  return db.transaction().execute(async (trx): Promise<InviteResult> => {
    const now = nowIso();
    const existing = await trx.selectFrom('users').select(['id', 'account_id', 'status']).where('email', '=', email).executeTakeFirst();
    if (existing && (existing.account_id !== accountId || existing.status === 'active')) {
      return { ok: false, why: 'taken', message: existing.account_id === accountId ? `${email} is already a user of this account.` : `${email} is a user of another account.` };
    }
    let userId: number;
    if (existing) {
      userId = existing.id;
      await trx.updateTable('users').set({ status: 'invited', password_hash: null }).where('id', '=', userId).execute();
      await trx.updateTable('user_invitations').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    } else {
      const row = await trx.insertInto('users').values({ account_id: accountId, email, password_hash: null, status: 'invited', created_at: now, last_sign_in_at: null }).returning('id').executeTakeFirstOrThrow();
      userId = row.id;
    }
    const invitation = await trx.insertInto('user_invitations').values({ user_id: userId, token_hash: tokenHash(token), expires_at: expiresAt, used_at: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await o.then?.(trx, invitation.id, userId);
    return { ok: true, userId, token, expiresAt };
  });
}

export type UserInvitationState = { ok: true; invitationId: number; userId: number; email: string; accountName: string } | { ok: false; why: 'unknown' | 'used' | 'expired' };

export async function userInvitationByToken(db: Kysely<Database>, token: string): Promise<UserInvitationState> {
  if (!/^[\w-]{20,100}$/.test(token)) return { ok: false, why: 'unknown' };
  const row = await db
    .selectFrom('user_invitations')
    .innerJoin('users', 'users.id', 'user_invitations.user_id')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['user_invitations.id', 'user_invitations.user_id', 'user_invitations.expires_at', 'user_invitations.used_at', 'users.email', 'users.status', 'accounts.name as account_name'])
    .where('user_invitations.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return { ok: false, why: 'unknown' };
  if (row.used_at || row.status !== 'invited') return { ok: false, why: 'used' };
  if (row.expires_at <= nowIso()) return { ok: false, why: 'expired' };
  return { ok: true, invitationId: row.id, userId: row.user_id, email: row.email, accountName: row.account_name };
}

/** Spends the link and sets the password, once: of two uses at the same time, one wins. */
export async function acceptUserInvitation(db: Kysely<Database>, token: string, password: string): Promise<UserInvitationState> {
  const state = await userInvitationByToken(db, token);
  if (!state.ok) return state;
  const hash = await hashPassword(password);
  const spent = await db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('user_invitations').set({ used_at: nowIso() }).where('id', '=', state.invitationId).where('used_at', 'is', null).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.updateTable('users').set({ status: 'active', password_hash: hash }).where('id', '=', state.userId).execute();
    return true;
  });
  return spent ? state : { ok: false, why: 'used' };
}

export interface UserRow {
  id: number;
  email: string;
  status: string;
  created_at: string;
  last_sign_in_at: string | null;
}

/** The account's users, removed ones left out. */
export async function listUsers(db: Kysely<Database>, accountId: number): Promise<UserRow[]> {
  return db.selectFrom('users').select(['id', 'email', 'status', 'created_at', 'last_sign_in_at']).where('account_id', '=', accountId).where('status', '!=', 'removed').orderBy('id').execute();
}

/** Removes a user of the account: its sessions end and its pending link stops working, in one transaction. False: no such user there. */
export async function removeUser(db: Kysely<Database>, accountId: number, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const result = await trx.updateTable('users').set({ status: 'removed', password_hash: null }).where('id', '=', userId).where('account_id', '=', accountId).where('status', '!=', 'removed').executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.updateTable('sessions').set({ ended_at: now }).where('user_id', '=', userId).where('ended_at', 'is', null).execute();
    await trx.updateTable('user_invitations').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    return true;
  });
}

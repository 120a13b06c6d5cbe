/**
 * Invitations: POST /members/invite makes the member (`invited`) and its invitation in one
 * transaction and queues the email as a job. The job makes the single-use token when it sends
 * (so the token is never stored, only its sha256), valid 7 days. Following the link and setting a
 * password makes the member `active` and spends the token.
 *
 * The token is an HMAC, under the server's invitation key, of the invitation and a random salt of
 * its job: a run of the job again (its worker lost the lease while the mail was on its way) mails
 * the same link, never one that replaces the link already received.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { enqueueJob } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { isoIn, nowIso } from '../clock.js';
import type { Mailer } from './mailer.js';
import { ApiError } from '../http/api-error.js';
import { serverKey } from '../auth/server-keys.js';
import './tables.js';

export const INVITATION_DAYS = 7;
export const SEND_INVITATION = 'members.send_invitation';
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface InviteInput {
  email: string;
  fname: string;
  lname?: string;
  kind: 'artist' | 'label';
}

/** Any account or member of the platform with that email, compared case-insensitively. */
async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const lower = email.trim().toLowerCase();
  const account = await db.selectFrom('accounts').select('id').where(sql<string>`lower(email)`, '=', lower).executeTakeFirst();
  if (account) return true;
  const member = await db.selectFrom('members').select('id').where(sql<string>`lower(email)`, '=', lower).executeTakeFirst();
  return !!member;
}

export async function invite(db: Kysely<Database>, accountId: number, input: InviteInput): Promise<number> {
  if (await emailTaken(db, input.email)) throw new ApiError(409, 'exists', 'An account with that email already exists.');
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const name = [input.fname.trim(), input.lname?.trim()].filter(Boolean).join(' ');
    const member = await trx
      .insertInto('members')
      .values({ account_id: accountId, email: input.email.trim(), name, kind: input.kind, status: 'invited', is_own: 0, created_at: now, last_login_at: null, password_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invitation = await trx
      .insertInto('invitations')
      .values({ account_id: accountId, member_id: member.id, token_hash: null, expires_at: isoIn(INVITATION_DAYS * 86_400_000), sent_at: null, accepted_at: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payload: InvitationPayload = { invitation: invitation.id, salt: crypto.randomBytes(16).toString('base64url') };
    await enqueueJob(trx, { kind: SEND_INVITATION, payload, maxAttempts: 8, dedupeKey: `invitation:${invitation.id}` });
    return member.id;
  });
}

/** The job's payload; `salt` is missing from jobs queued before tokens were derived (they get a random token). */
interface InvitationPayload {
  invitation: number;
  salt?: string;
}

/** `INVITATION_TOKEN_KEY` (32 bytes, base64), else the one kept in the database (auth/server-keys.ts). */
export function invitationKey(dataDir: string): Buffer {
  return serverKey('INVITATION_TOKEN_KEY', dataDir);
}

/** The invitation's token: the same on every run of its job (43 characters, base64url). */
export function invitationToken(key: Buffer, invitation: number, salt: string): string {
  return crypto.createHmac('sha256', key).update(`invitation:${invitation}:${salt}`).digest('base64url');
}

/** The email job: the token (its hash stored), the link, the message. `tokenKey`: the server's invitation key. */
export function invitationJob(deps: { mailer: Mailer; publicUrl: () => string; tokenKey: () => Buffer }): JobHandler<InvitationPayload> {
  return {
    kind: SEND_INVITATION,
    retryDelayMs: (attempt) => Math.min(3_600_000, 10_000 * 2 ** (attempt - 1)),
    async run({ invitation, salt }, ctx) {
      const row = await ctx.db
        .selectFrom('invitations')
        .innerJoin('members', 'members.id', 'invitations.member_id')
        .innerJoin('accounts', 'accounts.id', 'invitations.account_id')
        .select(['invitations.id', 'invitations.expires_at', 'invitations.accepted_at', 'invitations.sent_at', 'members.email', 'members.name', 'accounts.name as account_name'])
        .where('invitations.id', '=', invitation)
        .executeTakeFirst();
      // Mailed already: no second mail (a run again after the mail went out, its worker having lost the lease before finishing).
      if (!row || row.accepted_at || row.sent_at) return;
      const token = salt ? invitationToken(deps.tokenKey(), invitation, salt) : crypto.randomBytes(32).toString('base64url');
      await ctx.db.updateTable('invitations').set({ token_hash: tokenHash(token) }).where('id', '=', invitation).execute();
      const link = `${deps.publicUrl()}/invite/${token}`;
      const { where } = await deps.mailer.send({
        to: row.email,
        subject: `${row.account_name} invites you to ddex-check`,
        text: `Hello ${row.name},\n\n${row.account_name} added you as a member. Set your password here (the link works once, until ${row.expires_at}):\n\n${link}\n\nIf you did not expect this, ignore this message.\n`,
      });
      await ctx.db.updateTable('invitations').set({ sent_at: nowIso() }).where('id', '=', invitation).execute();
      ctx.log.info({ invitation, where }, 'invitation email sent');
    },
  };
}

export type InvitationState = { ok: true; invitationId: number; memberId: number; email: string; name: string } | { ok: false; why: 'unknown' | 'used' | 'expired' };

export async function invitationByToken(db: Kysely<Database>, token: string): Promise<InvitationState> {
  if (!/^[\w-]{20,100}$/.test(token)) return { ok: false, why: 'unknown' };
  const row = await db
    .selectFrom('invitations')
    .innerJoin('members', 'members.id', 'invitations.member_id')
    .select(['invitations.id', 'invitations.member_id', 'invitations.expires_at', 'invitations.accepted_at', 'members.email', 'members.name'])
    .where('invitations.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row) return { ok: false, why: 'unknown' };
  if (row.accepted_at) return { ok: false, why: 'used' };
  if (row.expires_at <= nowIso()) return { ok: false, why: 'expired' };
  return { ok: true, invitationId: row.id, memberId: row.member_id, email: row.email, name: row.name };
}

/** scrypt (memory-hard, in Node): `scrypt$N$r$p$salt$hash`. */
export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const N = 16384, r = 8, p = 1;
  const hash = crypto.scryptSync(password, salt, 32, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Spends the token and activates the member, once: a second use finds no token. */
export async function acceptInvitation(db: Kysely<Database>, token: string, password: string): Promise<InvitationState> {
  const state = await invitationByToken(db, token);
  if (!state.ok) return state;
  const now = nowIso();
  const spent = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('invitations')
      // The hash stays so a second visit is told the link was used (not that it never existed).
      .set({ accepted_at: now })
      .where('id', '=', state.invitationId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.updateTable('members').set({ status: 'active', password_hash: hashPassword(password), last_login_at: now }).where('id', '=', state.memberId).execute();
    return true;
  });
  return spent ? state : { ok: false, why: 'used' };
}

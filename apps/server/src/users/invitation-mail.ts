/**
 * A user invited from Settings → Users gets the link by email, sent by a job of the one queue
 * (retried when the mail server is down), while the page shows the same link to the person who
 * invited. Neither the token nor the link is stored: the token is an HMAC, under the server's
 * invitation key (the one member invitations use), of a random salt kept in the job's payload, so
 * the job makes the same link again and a read of the database gives no working link.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import { serverKey } from '../auth/server-keys.js';
import { enqueueJob } from '../jobs/job-queue.js';
import type { JobHandler } from '../jobs/job-runner.js';
import type { Mailer } from '../members/mailer.js';
import { dashboardBaseOf } from '../account/portal-domains.js';
import { invitationLink } from './admin.js';
import { inviteUser, tokenHash, type InviteResult } from './users.js';

export const SEND_USER_INVITATION = 'users.send_invitation';

interface Payload {
  invitation: number;
  salt: string;
  /** Who invited (their email), for the message. */
  by: string;
}

/** The server's invitation key: INVITATION_TOKEN_KEY, else the data directory's key file (shared with member invitations). */
export const userInvitationKey = (dataDir: string) => serverKey('INVITATION_TOKEN_KEY', dataDir);

const tokenOf = (key: Buffer, salt: string) => crypto.createHmac('sha256', key).update(`user-invitation:${salt}`).digest('base64url');

/** Invites and queues the email in one transaction; answers the link as well, for the page. */
export async function inviteUserByEmail(db: Kysely<Database>, accountId: number, email: string, o: { key: Buffer; publicUrl: string; by: string }): Promise<InviteResult & { link?: string }> {
  const salt = crypto.randomBytes(16).toString('base64url');
  const token = tokenOf(o.key, salt);
  const result = await inviteUser(db, accountId, email, {
    token,
    then: (trx, invitation) => enqueueJob(trx, { kind: SEND_USER_INVITATION, payload: { invitation, salt, by: o.by } satisfies Payload, maxAttempts: 8, dedupeKey: `user-invitation:${invitation}` }),
  });
  return result.ok ? { ...result, link: invitationLink((await dashboardBaseOf(db, accountId, o.publicUrl)).base, token) } : result;
}

export function userInvitationJob(deps: { mailer: Mailer; publicUrl: () => string; key: () => Buffer }): JobHandler<Payload> {
  return {
    kind: SEND_USER_INVITATION,
    retryDelayMs: (attempt) => Math.min(3_600_000, 10_000 * 2 ** (attempt - 1)),
    async run({ invitation, salt, by }, ctx) {
      const row = await ctx.db
        .selectFrom('user_invitations')
        .innerJoin('users', 'users.id', 'user_invitations.user_id')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select(['user_invitations.token_hash', 'user_invitations.expires_at', 'user_invitations.used_at', 'users.email', 'accounts.id as account_id', 'accounts.name as account_name'])
        .where('user_invitations.id', '=', invitation)
        .executeTakeFirst();
      // Used, replaced by a newer link, or expired while the mail server was down: nothing to send.
      if (!row || row.used_at || row.expires_at <= nowIso()) return;
      const token = tokenOf(deps.key(), salt);
      if (tokenHash(token) !== row.token_hash) return;
      // On a white-label portal the link is the portal's, and the message goes by the account's name alone (as its dashboard does).
      const { base, portal } = await dashboardBaseOf(ctx.db, row.account_id, deps.publicUrl());
      const on = portal ? '' : ' on ddex-check';
      const { where } = await deps.mailer.send({
        to: row.email,
        ...(portal ? { fromName: row.account_name } : {}),
        subject: `You are invited to the ${row.account_name} dashboard${on}`,
        text: `Hello,\n\n${by} invited you to the dashboard of ${row.account_name}${on}. Set your password here (the link works once, until ${row.expires_at}):\n\n${invitationLink(base, token)}\n\nIf you did not expect this, ignore this message.\n`,
      });
      ctx.log.info({ invitation, where }, 'user invitation email sent');
    },
  };
}

/**
 * Sign-in and sign-out. The sign-in form has no session yet, so its CSRF token is a double-submit
 * one: a random value in a SameSite=Strict cookie of the sign-in path and in the form, which must
 * match (another site can post the form but cannot set the cookie), so nobody can sign a victim in
 * to the attacker's account. Failures count towards the lockout (users/sign-in.ts).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/caller.js';
import { readCookie, SESSION_COOKIE, setCookie } from '../users/session-cookie.js';
import { createSession, endSession } from '../users/sessions.js';
import { streamOwnerOf } from '../ddex/delivery-stream.js';
import { signIn } from '../users/sign-in.js';
import { tokensEqual } from './csrf.js';
import { bareDashboardPage, html } from './layout.js';
import type { DashboardPage } from './page.js';
import { formOf, signedIn } from './page.js';
import { safeNext } from './register.js';

const PRE_COOKIE = 'ddex_sign_in';
const PATH = '/dashboard/sign-in';

function form(request: FastifyRequest, reply: FastifyReply, o: { email?: string; next: string; status?: number; error?: string; notice?: string }) {
  const token = crypto.randomBytes(24).toString('base64url');
  setCookie(request, reply, PRE_COOKIE, token, { path: PATH, sameSite: 'strict', maxAgeMs: 3600_000 });
  return bareDashboardPage(reply, {
    title: 'Sign in',
    status: o.status,
    error: o.error,
    notice: o.notice,
    body: html`<form method="post" action="${PATH}" class="stack">
  <input type="hidden" name="_csrf" value="${token}">
  <input type="hidden" name="next" value="${o.next}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ''}"${o.email ? '' : html` autofocus`}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${o.email ? html` autofocus` : ''}>
  <button type="submit" class="primary">Sign in</button>
</form>
${reply.request.portal ? html`<p class="hint">No account yet? A user of ${reply.request.portal.account.name} invites you by email.</p>` : html`<p class="hint">No account yet? The person who runs your ddex-check server, or a user of your label, invites you by email.</p>`}`,
  });
}

const timeOf = (iso: string) => `${iso.slice(11, 16)} UTC`;

export const SIGN_IN_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: PATH,
    auth: 'public',
    async handler(_ctx, request, reply) {
      const query = request.query as { next?: string; signed_out?: string };
      return form(request, reply, { next: safeNext(query.next), notice: query.signed_out ? 'You are signed out.' : undefined });
    },
  },
  {
    method: 'POST',
    path: PATH,
    auth: 'public',
    async handler(ctx, request, reply) {
      const fields = formOf(request);
      const next = safeNext(fields.get('next'));
      const email = fields.get('email').trim();
      const expected = readCookie(request, PRE_COOKIE);
      if (!expected || !tokensEqual(fields.get('_csrf'), expected)) {
        return form(request, reply, { email, next, status: 403, error: 'This sign-in form had expired. Please sign in again.' });
      }
      if (!email || !fields.get('password')) return form(request, reply, { email, next, status: 400, error: 'Enter your email and your password.' });
      const result = await signIn(ctx.db, email, fields.get('password'), request.ip, request.portal?.account.id ?? null);
      if (!result.ok && result.why === 'locked') {
        const who = result.by === 'email' ? 'this email' : 'your network address';
        return form(request, reply, { email, next, status: 429, error: `Too many failed sign-ins for ${who}. Sign-in is locked until ${timeOf(result.until)}; wait, or ask a user of your label to invite you again if you forgot your password.` });
      }
      if (!result.ok) return form(request, reply, { email, next, status: 401, error: 'That email and password do not match a user. Check both and try again.' });
      const ua = request.headers['user-agent'];
      const session = await createSession(ctx.db, result.userId, { address: request.ip, userAgent: typeof ua === 'string' ? ua : null });
      setCookie(request, reply, SESSION_COOKIE, session.token);
      setCookie(request, reply, PRE_COOKIE, null, { path: PATH, sameSite: 'strict' });
      return reply.redirect(next, 303);
    },
  },
  {
    method: 'POST',
    path: '/dashboard/sign-out',
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const session = sessionOf(caller);
      await endSession(ctx.db, session.user.id, session.id);
      // Its open event streams in this process end now (those in other processes at their next check).
      ctx.events.closeOwner(streamOwnerOf(caller));
      setCookie(request, reply, SESSION_COOKIE, null);
      return reply.redirect(`${PATH}?signed_out=1`, 303);
    },
  },
];

/** For pages that end the session they were called with (revoking one's own session). */
export function signedOutAnswer(request: FastifyRequest, reply: FastifyReply) {
  setCookie(request, reply, SESSION_COOKIE, null);
  return reply.redirect(`${PATH}?signed_out=1`, 303);
}

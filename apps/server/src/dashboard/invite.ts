/**
 * The page a user's invitation link opens (`ddex-server admin user invite`, Settings → Users):
 * GET shows a form to set a password, POST sets it, spends the link and sends the person to
 * sign-in. The link's token is the credential (no session yet); the page is the same kind as the
 * member invitation's (members/invite-page.ts), in the dashboard's look.
 */
import type { FastifyReply } from 'fastify';
import { acceptUserInvitation, MAX_PASSWORD, MIN_PASSWORD, userInvitationByToken, type UserInvitationState } from '../users/users.js';
import { bareDashboardPage, html } from './layout.js';
import { formOf, type DashboardPage } from './page.js';

function refused(reply: FastifyReply, state: Exclude<UserInvitationState, { ok: true }>) {
  if (state.why === 'unknown') return bareDashboardPage(reply, { status: 404, title: 'Invitation not found', body: html`<p>This link is not an invitation. Ask whoever invited you for a new one.</p>` });
  const text = state.why === 'used' ? 'This invitation was already used. Sign in with the password you set.' : 'This invitation has expired (links work for 7 days). Ask whoever invited you for a new one.';
  return bareDashboardPage(reply, { status: 410, title: 'Invitation no longer valid', body: html`<p>${text}</p><p><a href="/dashboard/sign-in">Go to sign-in</a></p>` });
}

function passwordForm(reply: FastifyReply, state: Extract<UserInvitationState, { ok: true }>, o: { status?: number; error?: string } = {}) {
  return bareDashboardPage(reply, {
    title: 'Set your password',
    status: o.status,
    error: o.error,
    body: html`<p>You are invited to the dashboard of <strong>${state.accountName}</strong> as <strong>${state.email}</strong>.</p>
<form method="post" class="stack">
  <input type="hidden" name="email" value="${state.email}" autocomplete="username">
  <label for="password">New password <span class="hint">(at least ${MIN_PASSWORD} characters)</span></label>
  <input id="password" name="password" type="password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required autocomplete="new-password" autofocus>
  <label for="confirm">The same password again</label>
  <input id="confirm" name="confirm" type="password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required autocomplete="new-password">
  <button type="submit" class="primary">Set password</button>
</form>`,
  });
}

const tokenOf = (params: unknown) => (params as { token: string }).token;

export const INVITE_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: '/dashboard/invite/:token',
    auth: 'public',
    async handler(ctx, request, reply) {
      const state = await userInvitationByToken(ctx.db, tokenOf(request.params));
      return state.ok ? passwordForm(reply, state) : refused(reply, state);
    },
  },
  {
    method: 'POST',
    path: '/dashboard/invite/:token',
    auth: 'public',
    async handler(ctx, request, reply) {
      const token = tokenOf(request.params);
      const fields = formOf(request);
      const password = fields.get('password');
      const state = await userInvitationByToken(ctx.db, token);
      if (!state.ok) return refused(reply, state);
      if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) return passwordForm(reply, state, { status: 400, error: `The password must have ${MIN_PASSWORD} to ${MAX_PASSWORD} characters.` });
      if (password !== fields.get('confirm')) return passwordForm(reply, state, { status: 400, error: 'The two passwords are not the same.' });
      const accepted = await acceptUserInvitation(ctx.db, token, password);
      if (!accepted.ok) return refused(reply, accepted);
      return bareDashboardPage(reply, {
        title: 'Password set',
        body: html`<p>Your password is set. Sign in with <strong>${accepted.email}</strong>.</p><p><a class="button primary" href="/dashboard/sign-in">Sign in</a></p>`,
      });
    },
  },
];

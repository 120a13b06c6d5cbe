/**
 * The page an invitation's link opens: GET /invite/{token} shows a form to set a password, POST
 * sets it (the member becomes active, the link is spent). A minimal page until the dashboard
 * brings its own; it answers HTML, and no API key is needed: the token is the credential.
 */
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { escapeHtml, htmlPage, type PageRoute } from '../http/page-route.js';
import { acceptInvitation, invitationByToken, type InvitationState } from './invitations.js';

const MIN_PASSWORD = 10;
/** The invitation's pages have their title as heading. */
const page = (reply: FastifyReply, status: number, title: string, body: string) => htmlPage(reply, status, title, `<h1>${escapeHtml(title)}</h1>${body}`);

function refused(reply: FastifyReply, state: Exclude<InvitationState, { ok: true }>) {
  if (state.why === 'unknown') return page(reply, 404, 'Invitation not found', '<p>This link is not an invitation. Ask the partner who invited you for a new one.</p>');
  const text = state.why === 'used' ? 'This invitation was already used: sign in with the password you set.' : 'This invitation has expired (links are valid 7 days). Ask the partner who invited you for a new one.';
  return page(reply, 410, 'Invitation no longer valid', `<p>${text}</p>`);
}

async function formBody(stream: Readable | undefined): Promise<Record<string, string>> {
  if (!stream || typeof stream.on !== 'function') return {};
  let text = '';
  for await (const chunk of stream) {
    text += chunk;
    if (text.length > 8192) break;
  }
  if (text.trim().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export const INVITE_PAGES: PageRoute[] = [
  {
    method: 'GET',
    path: '/invite/:token',
    async handler(ctx, request, reply) {
    const state = await invitationByToken(ctx.db, (request.params as { token: string }).token);
    if (!state.ok) return refused(reply, state);
    return page(
      reply,
      200,
      'Set your password',
      `<p>Welcome, ${escapeHtml(state.name)} (${escapeHtml(state.email)}).</p><form method="post"><label>Password (at least ${MIN_PASSWORD} characters) <input type="password" name="password" minlength="${MIN_PASSWORD}" required autocomplete="new-password"></label> <button type="submit">Set password</button></form>`,
    );
    },
  },
  {
    method: 'POST',
    path: '/invite/:token',
    async handler(ctx, request, reply) {
    const token = (request.params as { token: string }).token;
    const { password } = await formBody(request.body as Readable | undefined);
    if (typeof password !== 'string' || password.length < MIN_PASSWORD) {
      const state = await invitationByToken(ctx.db, token);
      if (!state.ok) return refused(reply, state);
      return page(reply, 400, 'Set your password', `<p>The password must have at least ${MIN_PASSWORD} characters.</p>`);
    }
    const state = await acceptInvitation(ctx.db, token, password);
    if (!state.ok) return refused(reply, state);
    return page(reply, 200, 'Password set', '<p>Your account is active. You can sign in once the dashboard opens.</p>');
    },
  },
];

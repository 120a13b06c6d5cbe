/**
 * The page an invitation's link opens: GET /invite/{token} shows a form to set a password, POST
 * sets it (the member becomes active, the link is spent). A minimal page until the dashboard
 * brings its own; it answers HTML, and no API key is needed: the token is the credential.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { AppContext } from '../http/route-spec.js';
import { acceptInvitation, invitationByToken, type InvitationState } from './invitations.js';

const MIN_PASSWORD = 10;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return reply.send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

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

export function registerInvitePage(app: FastifyInstance, ctx: AppContext): void {
  app.get('/invite/:token', { config: { auth: 'public' } }, async (request, reply) => {
    const state = await invitationByToken(ctx.db, (request.params as { token: string }).token);
    if (!state.ok) return refused(reply, state);
    return page(
      reply,
      200,
      'Set your password',
      `<p>Welcome, ${escapeHtml(state.name)} (${escapeHtml(state.email)}).</p><form method="post"><label>Password (at least ${MIN_PASSWORD} characters) <input type="password" name="password" minlength="${MIN_PASSWORD}" required autocomplete="new-password"></label> <button type="submit">Set password</button></form>`,
    );
  });
  app.post('/invite/:token', { config: { auth: 'public' } }, async (request, reply) => {
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
  });
}

/**
 * The consent page of an authorization: who asks (the client's name and its redirect URI's host),
 * for which resource, with a box per scope, and the partner's sign-in. Until the dashboard's
 * sign-in lands, the partner signs in with one of the account's API keys (issue 44 asks for the
 * dashboard account: see README, "Connecting an assistant"): the key is read once, never kept, and
 * bounds what can be granted, so a page that carries it needs no further CSRF token (no ambient
 * credential is used). Framing is refused (clickjacking).
 */
import type { FastifyReply } from 'fastify';
import { escapeHtml, htmlPage } from '../../http/page-route.js';
import type { AuthorizationRequest } from './authorization-request.js';

export function consentPage(reply: FastifyReply, action: string, params: Record<string, string>, request: AuthorizationRequest, problem?: string) {
  reply.header('x-frame-options', 'DENY').header('content-security-policy', "frame-ancestors 'none'; form-action 'self' " + new URL(request.redirectUri).origin);
  const hidden = Object.entries(params)
    .filter(([name]) => ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'scope', 'state', 'resource'].includes(name))
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const boxes = request.scopes.map((s) => `<li><label><input type="checkbox" name="grant_scope" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label></li>`).join('');
  const host = (() => {
    try {
      return new URL(request.redirectUri).host || request.redirectUri;
    } catch {
      return request.redirectUri;
    }
  })();
  return htmlPage(
    reply,
    problem ? 400 : 200,
    'Authorize an assistant',
    `<h1>Authorize ${escapeHtml(request.clientName)}</h1>` +
      `<p><strong>${escapeHtml(request.clientName)}</strong> (returning to ${escapeHtml(host)}) asks to use ddex-check at ${escapeHtml(request.resource)} on your behalf.</p>` +
      (problem ? `<p role="alert">${escapeHtml(problem)}</p>` : '') +
      `<form method="post" action="${escapeHtml(action)}">${hidden}` +
      `<fieldset><legend>Allow</legend><ul>${boxes}</ul></fieldset>` +
      `<p><label>API key of your account <input type="password" name="api_key" autocomplete="off" required></label></p>` +
      `<p><button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>` +
      `</form>`,
  );
}

export function problemPage(reply: FastifyReply, message: string) {
  return htmlPage(reply, 400, 'Authorization refused', `<h1>This authorization request cannot be served</h1><p role="alert">${escapeHtml(message)}</p>`);
}

/**
 * The consent of an assistant's authorization (MCP server, issue 44): {mcp_url}/authorize checks
 * the request and sends the partner here, where the dashboard signs them in (and back). The page
 * says who asks, returning where, for which resource, with a box per scope; allowing issues the
 * code and sends the browser back to the assistant. A dashboard user holds every scope of its
 * account, so what is granted is what was asked for and ticked. CSRF: the dashboard's own check.
 */
import { SCOPES } from '../auth/api-keys.js';
import { ApiError } from '../http/api-error.js';
import { checkAuthorizationRequest, errorRedirect, RedirectedProblem, REQUEST_PARAMS, ShownProblem, type AuthorizationRequest } from '../mcp/oauth/authorization-request.js';
import { createGrantWithCode } from '../mcp/oauth/grants.js';
import { OAuthFailure } from '../mcp/oauth/oauth-error.js';
import { CONSENT_PATH, mcpUrls } from '../mcp/urls.js';
import { csrfField, dashboardPage, html } from './layout.js';
import { formOf, signedIn, type DashboardPage } from './page.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../http/route-spec.js';


/** Where CSP form-action must let the consent's answer redirect: the redirect URI's origin, or its private-use scheme. */
function redirectSource(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

const SCOPE_TEXT: Record<string, string> = {
  'ddex:validate': 'Check DDEX messages (dry runs) and read deliveries and test reports',
  'ddex:write': 'Deliver DDEX batches (direct uploads), which import releases',
  'catalog:read': 'Read the catalog (releases)',
  'members:read': 'Read the members',
  'members:write': 'Invite members',
  'links:read': 'Read smartlinks',
  'payouts:read': 'Read the balance and payouts',
  'earnings:read': 'Read earnings',
  'webhooks:read': 'Read webhook endpoints',
  'webhooks:write': 'Change webhook endpoints',
};

async function checked(ctx: AppContext, request: FastifyRequest, params: Record<string, string>): Promise<AuthorizationRequest> {
  try {
    return await checkAuthorizationRequest(ctx.db, mcpUrls(request), params);
  } catch (error) {
    // Shown, never redirected: the client or its redirect URI did not check out.
    if (error instanceof ShownProblem || error instanceof OAuthFailure) throw new ApiError(400, 'invalid', error.message);
    throw error;
  }
}

export const CONSENT_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: CONSENT_PATH,
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const query = request.query as Record<string, string>;
      const params = Object.fromEntries(REQUEST_PARAMS.filter((n) => typeof query[n] === 'string').map((n) => [n, query[n]]));
      let auth: AuthorizationRequest;
      try {
        auth = await checked(ctx, request, params);
      } catch (error) {
        if (error instanceof RedirectedProblem) return reply.redirect(errorRedirect(error, mcpUrls(request).mcp), 303);
        throw error;
      }
      const target = new URL(auth.redirectUri);
      return dashboardPage(reply, {
        title: `Authorize ${auth.clientName}`,
        section: 'settings-assistants',
        caller,
        formActionOrigin: redirectSource(auth.redirectUri),
        body: html`<p class="lead"><strong>${auth.clientName}</strong> asks to use ddex-check for ${caller.account.name}, at ${auth.resource}. After your answer you go back to ${target.host || target.protocol}.</p>
<form method="post" action="${CONSENT_PATH}" class="stack">${csrfField(caller)}
${REQUEST_PARAMS.filter((n) => params[n] !== undefined).map((n) => html`<input type="hidden" name="${n}" value="${params[n]}">`)}
<fieldset><legend>Allow it to</legend>
${auth.scopes.map((s, i) => html`<div><input type="checkbox" id="scope-${i}" name="grant_scope" value="${s}" checked> <label for="scope-${i}">${SCOPE_TEXT[s] ?? s} (<code>${s}</code>)</label></div>`)}
</fieldset>
<p class="hint">You can revoke it at any time in Settings → Assistants.</p>
<p><button type="submit" name="decision" value="allow" class="primary">Allow</button> <button type="submit" name="decision" value="deny">Deny</button></p>
</form>`,
      });
    },
  },
  {
    method: 'POST',
    path: CONSENT_PATH,
    auth: { via: ['session'], scope: null },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const form = formOf(request);
      const params: Record<string, string> = {};
      for (const n of REQUEST_PARAMS) if (form.getAll(n).length) params[n] = form.get(n);
      const issuer = mcpUrls(request).mcp;
      let auth: AuthorizationRequest;
      try {
        auth = await checked(ctx, request, params);
      } catch (error) {
        if (error instanceof RedirectedProblem) return reply.redirect(errorRedirect(error, issuer), 303);
        throw error;
      }
      if (form.get('decision') !== 'allow') return reply.redirect(errorRedirect(new RedirectedProblem(auth.redirectUri, 'access_denied', 'The partner denied the request.', auth.state), issuer), 303);
      const ticked = form.getAll('grant_scope');
      // Granted: asked for, ticked, and held by the signed-in user (every scope of the account).
      const scopes = auth.scopes.filter((s) => ticked.includes(s) && (SCOPES as readonly string[]).includes(s));
      if (!scopes.length) return reply.redirect(errorRedirect(new RedirectedProblem(auth.redirectUri, 'access_denied', 'No permission was granted.', auth.state), issuer), 303);
      const code = await createGrantWithCode(ctx.db, { accountId: caller.account.id, clientId: auth.clientId, clientName: auth.clientName, scopes, resource: auth.resource, redirectUri: auth.redirectUri, codeChallenge: auth.codeChallenge });
      const target = new URL(auth.redirectUri);
      target.searchParams.set('code', code);
      if (auth.state !== undefined) target.searchParams.set('state', auth.state);
      target.searchParams.set('iss', issuer);
      return reply.redirect(target.toString(), 303);
    },
  },
];

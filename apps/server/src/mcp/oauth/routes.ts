/**
 * The authorization server's endpoints (public pages of the server, outside the API's key-only
 * routes): metadata (RFC 8414, RFC 9728), registration (RFC 7591), authorization with consent,
 * token (RFC 6749 with RFC 7636 and RFC 8707), revocation (RFC 7009).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageRoute } from '../../http/page-route.js';
import { ApiError } from '../../http/api-error.js';
import { hasScope, type Scope } from '../../auth/api-keys.js';
import { keyAuthenticator } from '../../auth/key-authenticator.js';
import { LEGACY_MCP_PATH, MCP_PATH, mcpUrls, OAUTH_PATHS } from '../urls.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { registerClient } from './clients.js';
import { checkAuthorizationRequest, errorRedirect, RedirectedProblem, ShownProblem, type AuthorizationRequest } from './authorization-request.js';
import { consentPage, problemPage } from './consent-page.js';
import { createGrantWithCode, exchangeCode, refreshTokens, revokeByToken } from './grants.js';
import { oauthEndpoint, OAuthFailure } from './oauth-error.js';
import { readForm, readJson, required, single } from './params.js';

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('cache-control', 'no-store').header('access-control-allow-origin', '*').send(body);

const asMetadata: PageRoute['handler'] = async (_ctx, request, reply) => json(reply, 200, authorizationServerMetadata(mcpUrls(request)));

function resourceMetadataRoute(resourcePath: string): PageRoute {
  return {
    method: 'GET',
    path: `/.well-known/oauth-protected-resource${resourcePath}`,
    handler: async (_ctx, request, reply) => {
      const urls = mcpUrls(request);
      return json(reply, 200, protectedResourceMetadata(urls, urls.origin + resourcePath));
    },
  };
}

/** The query of a GET, or the form of a POST, one value per name. */
async function authorizationParams(request: FastifyRequest): Promise<Record<string, string>> {
  if (request.method === 'GET') return single(new URLSearchParams(request.url.split('?')[1] ?? ''), 'query');
  return single(await readForm(request), 'form');
}

async function authorize(ctx: Parameters<PageRoute['handler']>[0], request: FastifyRequest, reply: FastifyReply) {
  const urls = mcpUrls(request);
  let params: Record<string, string>;
  let checked: AuthorizationRequest;
  try {
    // The form's own fields are read here; grant_scope repeats, so it is taken apart first.
    if (request.method === 'POST') {
      const form = await readForm(request);
      const granted = form.getAll('grant_scope');
      form.delete('grant_scope');
      params = { ...single(form, 'form'), grant_scope: granted.join(' ') };
    } else params = await authorizationParams(request);
    checked = await checkAuthorizationRequest(ctx.db, urls, params);
  } catch (error) {
    if (error instanceof ShownProblem || error instanceof OAuthFailure) return problemPage(reply, error.message);
    if (error instanceof RedirectedProblem) return reply.redirect(errorRedirect(error, urls.mcp), 302);
    throw error;
  }
  if (request.method === 'GET') return consentPage(reply, OAUTH_PATHS.authorize, params, checked);

  if (params.decision !== 'allow') return reply.redirect(errorRedirect(new RedirectedProblem(checked.redirectUri, 'access_denied', 'The partner denied the request.', checked.state), urls.mcp), 302);
  // Sign-in: one of the account's API keys, checked as the API checks it (revoked, expired, inactive, plan).
  const key = params.api_key ?? '';
  let caller;
  try {
    caller = await keyAuthenticator(ctx.db).authenticate({ headers: { authorization: `Bearer ${key}` } } as FastifyRequest);
  } catch (error) {
    if (error instanceof ApiError) return consentPage(reply, OAUTH_PATHS.authorize, params, checked, `Sign-in refused: ${error.message}`);
    throw error;
  }
  if (!caller) return consentPage(reply, OAUTH_PATHS.authorize, params, checked, 'Sign in with an API key of your account.');
  const ticked = params.grant_scope.split(' ').filter(Boolean);
  // Granted: what the client asked for, the partner ticked, and the signed-in credential holds.
  const scopes = checked.scopes.filter((s) => ticked.includes(s) && hasScope(caller.scopes, s as Scope));
  if (!scopes.length) return consentPage(reply, OAUTH_PATHS.authorize, params, checked, 'None of the ticked permissions is held by this key: tick one it holds, or sign in with another key.');
  const code = await createGrantWithCode(ctx.db, {
    accountId: caller.account.id,
    clientId: checked.clientId,
    clientName: checked.clientName,
    scopes,
    resource: checked.resource,
    redirectUri: checked.redirectUri,
    codeChallenge: checked.codeChallenge,
  });
  const target = new URL(checked.redirectUri);
  target.searchParams.set('code', code);
  if (checked.state !== undefined) target.searchParams.set('state', checked.state);
  target.searchParams.set('iss', urls.mcp);
  return reply.redirect(target.toString(), 302);
}

export const OAUTH_PAGES: PageRoute[] = [
  { method: 'GET', path: `${MCP_PATH}/.well-known/oauth-authorization-server`, handler: asMetadata },
  { method: 'GET', path: `/.well-known/oauth-authorization-server${MCP_PATH}`, handler: asMetadata },
  resourceMetadataRoute(MCP_PATH),
  resourceMetadataRoute(LEGACY_MCP_PATH),
  {
    method: 'POST',
    path: OAUTH_PATHS.register,
    handler: (ctx, request, reply) => oauthEndpoint(reply, async () => json(reply, 201, await registerClient(ctx.db, await readJson(request)))),
  },
  { method: 'GET', path: OAUTH_PATHS.authorize, handler: authorize },
  { method: 'POST', path: OAUTH_PATHS.authorize, handler: authorize },
  {
    method: 'POST',
    path: OAUTH_PATHS.token,
    handler: (ctx, request, reply) =>
      oauthEndpoint(reply, async () => {
        const params = single(await readForm(request), 'form');
        const clientId = required(params, 'client_id');
        if (params.grant_type === 'authorization_code') {
          return json(reply, 200, await exchangeCode(ctx.db, { code: required(params, 'code'), verifier: required(params, 'code_verifier'), clientId, redirectUri: required(params, 'redirect_uri'), resource: params.resource }));
        }
        if (params.grant_type === 'refresh_token') {
          return json(reply, 200, await refreshTokens(ctx.db, { refreshToken: required(params, 'refresh_token'), clientId, scope: params.scope, resource: params.resource }));
        }
        throw new OAuthFailure('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
      }),
  },
  {
    method: 'POST',
    path: OAUTH_PATHS.revoke,
    handler: (ctx, request, reply) =>
      oauthEndpoint(reply, async () => {
        const params = single(await readForm(request), 'form');
        await revokeByToken(ctx.db, required(params, 'token'), params.client_id);
        return json(reply, 200, {});
      }),
  },
];

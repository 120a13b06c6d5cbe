/**
 * The authorization server's endpoints (public pages of the server, outside the API's key-only
 * routes): metadata (RFC 8414, RFC 9728), registration (RFC 7591), authorization with consent,
 * token (RFC 6749 with RFC 7636 and RFC 8707), revocation (RFC 7009).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, htmlPage, type PageRoute } from '../../http/page-route.js';
import { CONSENT_PATH, LEGACY_MCP_PATH, MCP_PATH, mcpUrls, OAUTH_PATHS } from '../urls.js';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import { registerClient } from './clients.js';
import { refuseTooManyRegistrations } from './registration-limit.js';
import { checkAuthorizationRequest, errorRedirect, RedirectedProblem, REQUEST_PARAMS, ShownProblem } from './authorization-request.js';
import { exchangeCode, refreshTokens, revokeByToken } from './grants.js';
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

/**
 * RFC 6749 4.1.1: the request is checked here first (a bad client or redirect URI is shown, never
 * followed; other problems go back to the client), then the partner is sent to the consent page
 * in the dashboard, which signs them in first and comes back (dashboard/assistants-consent.ts).
 */
async function authorize(ctx: Parameters<PageRoute['handler']>[0], request: FastifyRequest, reply: FastifyReply) {
  const urls = mcpUrls(request);
  try {
    const params = single(new URLSearchParams(request.url.split('?')[1] ?? ''), 'query');
    await checkAuthorizationRequest(ctx.db, urls, params);
    // Encoded with %20 for spaces: the dashboard's sign-in keeps a return path of plain URL characters only.
    const query = Object.entries(params)
      .filter(([name]) => (REQUEST_PARAMS as readonly string[]).includes(name))
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&');
    return reply.redirect(`${CONSENT_PATH}?${query}`, 303);
  } catch (error) {
    if (error instanceof ShownProblem || error instanceof OAuthFailure) {
      return htmlPage(reply, 400, 'Authorization refused', `<h1>This authorization request cannot be served</h1><p role="alert">${escapeHtml(error.message)}</p>`);
    }
    if (error instanceof RedirectedProblem) return reply.redirect(errorRedirect(error, urls.mcp), 302);
    throw error;
  }
}

export const OAUTH_PAGES: PageRoute[] = [
  { method: 'GET', path: `${MCP_PATH}/.well-known/oauth-authorization-server`, handler: asMetadata },
  { method: 'GET', path: `/.well-known/oauth-authorization-server${MCP_PATH}`, handler: asMetadata },
  resourceMetadataRoute(MCP_PATH),
  resourceMetadataRoute(LEGACY_MCP_PATH),
  {
    method: 'POST',
    path: OAUTH_PATHS.register,
    handler: async (ctx, request, reply) => {
      if (await refuseTooManyRegistrations(ctx.db, request.ip, reply)) return reply;
      return oauthEndpoint(reply, async () => json(reply, 201, await registerClient(ctx.db, await readJson(request))));
    },
  },
  { method: 'GET', path: OAUTH_PATHS.authorize, handler: authorize },
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

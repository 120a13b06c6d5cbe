/**
 * Registers the partner API under both base paths: every RouteSpec with its schemas and its
 * callers, and the OpenAPI document. The public API takes API keys only, decided here once for
 * every route: a dashboard session or an MCP token never authenticates /v1 or /api/v1 (whose CORS
 * never allows credentials either). Each route declares only the scope it needs. The OpenAPI
 * document a white-label portal's domain serves has /api/v1 as its current base.
 */
import type { FastifyInstance } from 'fastify';
import { ref } from '../api-schemas.js';
import type { CredentialKind, RouteAuth } from '../auth/caller.js';
import { buildOpenApi } from '../openapi/build-openapi.js';
import { CURRENT_PREFIX, LEGACY_PREFIX } from './base-url.js';
import type { AppContext, RouteSpec } from './route-spec.js';

export const API_CREDENTIALS: readonly CredentialKind[] = ['key'];

export function apiRouteAuth(route: RouteSpec): RouteAuth {
  return route.scope === 'public' ? 'public' : { via: API_CREDENTIALS, scope: route.scope };
}

function registerRoute(app: FastifyInstance, ctx: AppContext, prefix: string, route: RouteSpec): void {
  app.route({
    method: route.method,
    url: prefix + route.path,
    schema: {
      ...(route.querystring ? { querystring: ref(route.querystring) } : {}),
      ...(route.params ? { params: ref(route.params) } : {}),
      response: { [route.success.status]: ref(route.success.schema), '4xx': ref('error.schema.json'), '5xx': ref('error.schema.json') },
    },
    config: { auth: apiRouteAuth(route) },
    // request.caller is null only on public routes, whose handlers do not read it.
    handler: async (request, reply) => route.handler(ctx, request.caller!, request, reply),
  });
}

export function registerApi(app: FastifyInstance, ctx: AppContext, routes: RouteSpec[]): void {
  const platform = buildOpenApi(routes);
  const portal = buildOpenApi(routes, { portal: true });
  for (const prefix of [CURRENT_PREFIX, LEGACY_PREFIX]) {
    for (const route of routes) registerRoute(app, ctx, prefix, route);
    app.get(`${prefix}/openapi.json`, { config: { auth: 'public' } }, async (request) => (request.portal ? portal : platform));
  }
}

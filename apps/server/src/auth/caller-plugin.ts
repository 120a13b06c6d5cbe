/**
 * Authentication as one Fastify plugin: every route declares in `config.auth` who may call it
 * (`caller.ts`, RouteAuth), and the plugin turns each request to a non-public route into
 * `request.caller` before its body is read. Only the authenticators of the kinds a route declares
 * are asked, so a session cookie can never authenticate a key-only route, whatever it carries.
 * Order of the answers (spec 5 and 7.1): no credential (401 unauthenticated), the credential's own
 * refusals (the authenticator's), the rate (429 rate_limited), then the scope (403
 * insufficient_scope naming it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { hasScope } from './api-keys.js';
import type { Authenticator, Caller, CredentialKind, RouteAuth } from './caller.js';

export interface CallerPluginOptions {
  /** At most one per kind. */
  authenticators: Authenticator[];
}

function rateHeaders(reply: FastifyReply, caller: Caller): void {
  if (!caller.rate) return;
  reply.header('X-RateLimit-Limit', String(caller.rate.limit));
  reply.header('X-RateLimit-Remaining', String(caller.rate.remaining));
  reply.header('X-RateLimit-Reset', String(caller.rate.resetSeconds));
}

/** The preValidation hook of one route, made once when the route is added. */
function authHook(auth: Exclude<RouteAuth, 'public'>, asked: Authenticator[]): preValidationHookHandler {
  const missing = asked.map((a) => a.missing).join(' Or: ');
  return async function authenticateCaller(request: FastifyRequest, reply: FastifyReply) {
    let caller: Caller | null = null;
    let noun = '';
    for (const authenticator of asked) {
      caller = await authenticator.authenticate(request);
      noun = authenticator.noun;
      if (caller) break;
    }
    if (!caller) throw new ApiError(401, 'unauthenticated', missing, {}, Object.assign({}, ...asked.map((a) => a.challenge?.(request) ?? {})));
    rateHeaders(reply, caller);
    const { rate } = caller;
    if (rate?.exceeded) {
      throw new ApiError(429, 'rate_limited', `Rate limit of ${rate.limit} requests per minute exceeded; retry after ${rate.resetSeconds} s.`, {}, { 'retry-after': String(rate.resetSeconds) });
    }
    if (auth.scope && !hasScope(caller.scopes, auth.scope)) {
      throw new ApiError(403, 'insufficient_scope', `This ${noun} lacks the ${auth.scope} scope.`, { scope: auth.scope });
    }
    request.caller = caller;
  };
}

/**
 * Every route must declare `config.auth`: a route that forgets fails at startup rather than
 * being served to anyone. So must a route taking a kind no authenticator handles.
 */
function attachAuth(route: RouteOptions, byKind: Map<CredentialKind, Authenticator>): void {
  const auth = route.config?.auth;
  const name = `${String(route.method)} ${route.url}`;
  if (auth === undefined) throw new Error(`${name} declares no config.auth (say 'public' or { via, scope })`);
  if (auth === 'public') return;
  if (!auth.via.length) throw new Error(`${name} takes no kind of credential (config.auth.via is empty)`);
  const asked = auth.via.map((kind) => {
    const authenticator = byKind.get(kind);
    if (!authenticator) throw new Error(`${name} takes ${kind} credentials, but no ${kind} authenticator is registered`);
    return authenticator;
  });
  const own = route.preValidation ? [route.preValidation].flat() : [];
  // Authentication first: a refused upload costs nothing, its body is never read.
  route.preValidation = [authHook(auth, asked), ...own];
}

async function callerPlugin(app: FastifyInstance, options: CallerPluginOptions): Promise<void> {
  const byKind = new Map<CredentialKind, Authenticator>();
  for (const authenticator of options.authenticators) {
    if (byKind.has(authenticator.kind)) throw new Error(`two ${authenticator.kind} authenticators`);
    byKind.set(authenticator.kind, authenticator);
  }
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => attachAuth(route, byKind));
}

/** Register before any route: routes added earlier are not seen. */
// Not named 'caller': fastify-plugin reads fn[name], and .caller throws on strict functions.
export default fp(callerPlugin, { name: 'caller-auth', fastify: '5.x' });

/** GET /me and GET /ping (any valid key). A ping is recorded as connection activity for the dashboard. */
import { keyOf } from '../auth/caller.js';
import { nowIso } from '../clock.js';
import type { RouteSpec } from '../http/route-spec.js';

export const meRoute: RouteSpec = {
  method: 'GET',
  path: '/me',
  operationId: 'getMe',
  summary: 'The account and key of the caller',
  description: 'Any valid key.',
  scope: null,
  success: { status: 200, schema: 'me.schema.json', description: 'Account and key' },
  errors: [],
  async handler(_ctx, caller) {
    const { id, name, prefix, expires_at, created_at } = keyOf(caller);
    return {
      partner: caller.account,
      environment: 'production',
      key: { id, name, prefix, scopes: caller.scopes, expires_at, created_at, environment: 'production' },
    };
  },
};

export const pingRoute: RouteSpec = {
  method: 'GET',
  path: '/ping',
  operationId: 'ping',
  summary: 'Check a key: account, plan, rate limit',
  description: 'Any valid key. Recorded as connection activity (dashboard, DDEX section, Connection). Rates: Enterprise 600 requests per minute per key; Custom the rate set on the account (600 when unset).',
  scope: null,
  success: { status: 200, schema: 'ping.schema.json', description: 'Ping' },
  errors: [],
  async handler(ctx, caller, request) {
    // The server's clock, as every time the server writes (and what GET /ping shows).
    const at = nowIso();
    await ctx.db
      .insertInto('connection_activity')
      .values({
        account_id: caller.account.id,
        key_id: keyOf(caller).id,
        kind: 'api_ping',
        ip: request.ip,
        user_agent: String(request.headers['user-agent'] ?? '').slice(0, 300) || null,
        at,
      })
      .execute();
    return {
      ok: true,
      environment: 'production',
      server_time: at,
      account: caller.account,
      plan: caller.plan,
      key: { prefix: keyOf(caller).prefix, scopes: caller.scopes },
      // Every key has a rate (auth/key-authenticator.ts).
      rate_limit: { limit: caller.rate!.limit, remaining: caller.rate!.remaining },
    };
  },
};

export const ACCOUNT_ROUTES: RouteSpec[] = [meRoute, pingRoute];

/**
 * The contract of the caller plugin (auth/caller-plugin.ts), on a small Fastify app of its own
 * over loopback HTTP with a real database: public routes get no Caller; a route's declared kinds
 * of credential are the only ones asked, so a session (a made-up cookie authenticator here, as the
 * dashboard's will be) never authenticates a key-only route, and the API's routes are all
 * key-only; the scope is checked after the credential; routes that declare nothing, or a kind
 * nobody authenticates, fail at startup.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, freshDatabase } from '../../test/support/server-process.js';
import { expectError } from '../../test/support/api-schemas.js';
import { openMigratedDb, type OpenDb } from '../db/connect.js';
import { createAccount } from '../account/admin.js';
import { createKey } from './admin.js';
import callerPlugin from './caller-plugin.js';
import type { Authenticator, Caller, RouteAuth } from './caller.js';
import { keyAuthenticator } from './key-authenticator.js';
import { planOf } from './plans.js';
import { loadApiSchemas } from '../api-schemas.js';
import { ApiError } from '../http/api-error.js';
import { registerErrorHandling } from '../http/error-handler.js';
import { registerApi } from '../http/register-api.js';
import { ROUTES } from '../routes.js';
import type { AppContext } from '../http/route-spec.js';

const NO_KEY = { error: 'Send the API key as "Authorization: Bearer <API_KEY>".', code: 'unauthenticated' };
const SIGN_IN = 'Sign in to the dashboard.';

/** A stand-in for the dashboard's session authenticator: cookie `test_session=good` is account `accountId`. */
function sessionAuthenticator(account: () => Caller['account']) {
  const asked: string[] = [];
  const authenticator: Authenticator = {
    kind: 'session',
    noun: 'session',
    missing: SIGN_IN,
    async authenticate(request: FastifyRequest) {
      asked.push(request.url);
      const found = /(?:^|;\s*)test_session=([^;]*)/.exec(request.headers.cookie ?? '');
      if (!found) return null;
      if (found[1] !== 'good') throw new ApiError(401, 'unauthenticated', 'This session has ended; sign in again.');
      return { account: account(), scopes: ['members:read', 'ddex:write'], via: 'session', credential: { kind: 'session', id: 7 }, plan: planOf({ plan: 'pro', rate_per_minute: null }), rate: null, limitKey: 'session:7' };
    },
  };
  return { authenticator, asked };
}

/** What a handler saw: the same code on every test route, only the declarations differ. */
async function whoCalls(request: FastifyRequest) {
  const caller = request.caller;
  return { caller: caller && { via: caller.via, account: caller.account.id, credential: caller.credential, limitKey: caller.limitKey } };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(backends())('caller plugin ($name)', (backend) => {
  let open: OpenDb;
  let drop: () => Promise<void>;
  let account: { id: number; name: string; email: string };
  let reader: { id: number; key: string };
  const session = sessionAuthenticator(() => account);
  let app: FastifyInstance;
  let url: string;
  const declared: Record<string, RouteAuth> = {
    '/public': 'public',
    '/keys': { via: ['key'], scope: null },
    '/keys/members-write': { via: ['key'], scope: 'members:write' },
    '/sessions-or-keys': { via: ['session', 'key'], scope: 'members:read' },
    '/sessions/webhooks': { via: ['session'], scope: 'webhooks:read' },
  };

  beforeAll(async () => {
    const fresh = await freshDatabase(backend);
    drop = fresh.drop;
    open = await openMigratedDb(fresh.config);
    const created = await createAccount(open.db, { name: 'Partner', email: 'partner@example.test', plan: 'enterprise', active: true });
    account = { id: created.id, name: 'Partner', email: 'partner@example.test' };
    reader = await createKey(open.db, { account: created.id, name: 'reader', scopes: ['members:read'] });

    app = Fastify();
    registerErrorHandling(app);
    await app.register(callerPlugin, { authenticators: [keyAuthenticator(open.db), session.authenticator] });
    for (const [path, auth] of Object.entries(declared)) app.get(path, { config: { auth } }, whoCalls);
    url = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await open?.close();
    await drop?.();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(url + path, { headers });

  it('gives a public route no Caller and looks at no credential', async () => {
    const before = session.asked.length;
    const response = await get('/public', { ...bearer('svc_test_retired'), cookie: 'test_session=expired' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ caller: null });
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    expect(session.asked.length).toBe(before);
  });

  it('answers a request without a credential 401 unauthenticated with the same body as ever', async () => {
    const response = await get('/keys');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(NO_KEY);
  });

  it('turns a key into a Caller via key, its credential the key', async () => {
    const response = await get('/keys', bearer(reader.key));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      caller: { via: 'key', account: account.id, credential: expect.objectContaining({ kind: 'key', id: reader.id, name: 'reader', prefix: reader.key.slice(0, 17) }), limitKey: `key:${reader.id}` },
    });
    expect(response.headers.get('x-ratelimit-limit')).toBe('600');
  });

  it('refuses a key lacking the route\'s scope with 403 insufficient_scope naming it, after counting its rate', async () => {
    const response = await get('/keys/members-write', bearer(reader.key));
    const body = await expectError(response, 403, 'insufficient_scope');
    expect(body).toEqual({ error: 'This key lacks the members:write scope.', code: 'insufficient_scope', scope: 'members:write' });
    expect(response.headers.get('x-ratelimit-limit')).toBe('600');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(600);
  });

  it('never lets a session authenticate a key-only route, whatever its cookie; its authenticator is not even asked', async () => {
    const before = session.asked.length;
    for (const cookie of ['test_session=good', 'test_session=expired']) {
      const response = await get('/keys', { cookie });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(NO_KEY);
    }
    const both = await get('/keys', { cookie: 'test_session=good', ...bearer(reader.key) });
    expect((await both.json()).caller.via).toBe('key');
    expect(session.asked.length).toBe(before);
  });

  it('asks the second authenticator on a route that declares it, with no change to the route code', async () => {
    const bySession = await get('/sessions-or-keys', { cookie: 'test_session=good' });
    expect(bySession.status).toBe(200);
    expect(await bySession.json()).toEqual({ caller: { via: 'session', account: account.id, credential: { kind: 'session', id: 7 }, limitKey: 'session:7' } });
    expect(bySession.headers.get('x-ratelimit-limit')).toBeNull();

    const byKey = await get('/sessions-or-keys', bearer(reader.key));
    expect((await byKey.json()).caller.via).toBe('key');

    // A present but refused credential is refused by its own authenticator.
    expect(await (await get('/sessions-or-keys', { cookie: 'test_session=expired' })).json()).toEqual({ error: 'This session has ended; sign in again.', code: 'unauthenticated' });
    // Nothing at all: the route names every credential it takes.
    expect(await (await get('/sessions-or-keys')).json()).toEqual({ error: `${SIGN_IN} Or: ${NO_KEY.error}`, code: 'unauthenticated' });
  });

  it('checks the scope of any kind of credential, naming the kind', async () => {
    const body = await expectError(await get('/sessions/webhooks', { cookie: 'test_session=good' }), 403, 'insufficient_scope');
    expect(body).toEqual({ error: 'This session lacks the webhooks:read scope.', code: 'insufficient_scope', scope: 'webhooks:read' });
    // A key is no credential for a session-only route.
    expect(await (await get('/sessions/webhooks', bearer(reader.key))).json()).toEqual({ error: SIGN_IN, code: 'unauthenticated' });
  });

  it('keys every route of the API (both bases) to API keys: a session that would be accepted gets 401 unauthenticated', async () => {
    const api = Fastify();
    for (const schema of loadApiSchemas()) api.addSchema(schema);
    registerErrorHandling(api);
    const asked = sessionAuthenticator(() => account);
    await api.register(callerPlugin, { authenticators: [keyAuthenticator(open.db), asked.authenticator] });
    // Handlers are never reached: every request here is refused before them.
    registerApi(api, {} as AppContext, ROUTES);
    const base = await listen(api);
    try {
      const keyed = ROUTES.filter((route) => route.scope !== 'public');
      expect(keyed.length).toBeGreaterThan(20);
      for (const prefix of ['/v1', '/api/v1']) {
        for (const route of keyed) {
          const response = await fetch(base + prefix + route.path.replace(/:\w+/g, '1'), { method: route.method, headers: { cookie: 'test_session=good' } });
          expect({ route: `${route.method} ${prefix}${route.path}`, status: response.status, body: await response.json() }).toEqual({ route: `${route.method} ${prefix}${route.path}`, status: 401, body: NO_KEY });
        }
      }
      expect(asked.asked).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('refuses at startup a route that declares no callers, a kind nobody authenticates, or none at all', async () => {
    const attempts: [string, (app: FastifyInstance) => void][] = [
      ['GET /undeclared declares no config.auth', (a) => a.get('/undeclared', whoCalls)],
      ['GET /tokens takes token credentials, but no token authenticator is registered', (a) => a.get('/tokens', { config: { auth: { via: ['token'], scope: null } } }, whoCalls)],
      ['GET /nobody takes no kind of credential', (a) => a.get('/nobody', { config: { auth: { via: [], scope: null } } }, whoCalls)],
    ];
    for (const [message, addRoute] of attempts) {
      const a = Fastify();
      await a.register(callerPlugin, { authenticators: [keyAuthenticator(open.db)] });
      expect(() => addRoute(a)).toThrow(message);
      await a.close();
    }
    const twice = Fastify();
    await expect(twice.register(callerPlugin, { authenticators: [keyAuthenticator(open.db), keyAuthenticator(open.db)] })).rejects.toThrow('two key authenticators');
    await twice.close();
  });
});

/** Section 5 and 7.1: every authentication and authorization error, on both base paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';

describe.each(backends())('authentication ($name)', (backend) => {
  let server: TestServer;
  let writer: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    writer = await setUpAccount(server, { scopes: ['ddex:write'] });
  });
  afterAll(() => server?.stop());

  for (const base of ['/v1', '/api/v1']) {
    describe(base, () => {
      it('answers 401 unauthenticated without a Bearer header', async () => {
        await expectError(await server.fetch(`${base}/me`), 401, 'unauthenticated');
        await expectError(await server.fetch(`${base}/me`, { headers: { authorization: `Basic ${writer.key}` } }), 401, 'unauthenticated');
      });

      it('answers 401 with the same body whatever else the request carries: a cookie is no credential here', async () => {
        const noKey = { error: 'Send the API key as "Authorization: Bearer <API_KEY>".', code: 'unauthenticated' };
        const requests: Record<string, string>[] = [{}, { cookie: 'session=anything' }, { cookie: `session=${writer.key}` }];
        for (const headers of requests) {
          const response = await server.fetch(`${base}/me`, { headers });
          expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: noKey });
        }
      });

      it('sends the rate headers once the key is counted, a scope refusal included, and none before', async () => {
        const reader = await setUpAccount(server, { scopes: ['members:read'] });
        const refused = await server.fetch(`${base}/ddex`, { headers: bearer(reader.key) });
        await expectError(refused, 403, 'insufficient_scope');
        expect(refused.headers.get('x-ratelimit-limit')).toBe('600');
        expect(Number(refused.headers.get('x-ratelimit-remaining'))).toBeLessThan(600);
        expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1);
        const unknown = await server.fetch(`${base}/ddex`, { headers: bearer('svc_live_nothing') });
        await expectError(unknown, 401, 'invalid_key');
        expect(unknown.headers.get('x-ratelimit-limit')).toBeNull();
      });

      it('answers 401 invalid_key for an unknown key', async () => {
        const unknown = writer.key.slice(0, -4) + (writer.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
        await expectError(await server.fetch(`${base}/me`, { headers: bearer(unknown) }), 401, 'invalid_key');
        await expectError(await server.fetch(`${base}/me`, { headers: bearer('not-a-key') }), 401, 'invalid_key');
      });

      it('refuses svc_test_ keys with 401 test_keys_retired', async () => {
        await expectError(await server.fetch(`${base}/ping`, { headers: bearer('svc_test_abcdefghijklmnop') }), 401, 'test_keys_retired');
      });

      it('answers GET /me with the account and the key', async () => {
        const response = await server.fetch(`${base}/me`, { headers: bearer(writer.key) });
        expect(response.status).toBe(200);
        const body = await response.json();
        expectSchema(body, 'me.schema.json');
        expect(body.partner).toEqual({ id: writer.accountId, name: `Partner ${writer.email}`, email: writer.email });
        expect(body.environment).toBe('production');
        expect(body.key).toMatchObject({ id: writer.keyId, name: 'test key', prefix: writer.prefix, environment: 'production', scopes: ['ddex:write'], expires_at: null });
        expect(writer.key.startsWith(body.key.prefix)).toBe(true);
        expect(body.key.prefix).toMatch(/^svc_live_.{8}$/);
      });
    });
  }

  it('answers 401 key_revoked once the key is revoked', async () => {
    const account = await setUpAccount(server);
    expect((await server.fetch('/v1/me', { headers: bearer(account.key) })).status).toBe(200);
    await server.admin('key', 'revoke', '--id', String(account.keyId));
    await expectError(await server.fetch('/v1/me', { headers: bearer(account.key) }), 401, 'key_revoked');
    await expectError(await server.fetch('/api/v1/me', { headers: bearer(account.key) }), 401, 'key_revoked');
  });

  it('answers 401 key_expired after the expiry, and accepts a key before it', async () => {
    const account = await setUpAccount(server);
    const past = await server.admin('key', 'create', '--account', String(account.accountId), '--name', 'old', '--scopes', 'ddex:write', '--expires', '2020-01-01T00:00:00Z');
    await expectError(await server.fetch('/v1/ping', { headers: bearer(past.key) }), 401, 'key_expired');
    const future = await server.admin('key', 'create', '--account', String(account.accountId), '--name', 'new', '--scopes', 'ddex:write', '--expires', '2099-01-01T00:00:00Z');
    const me = await (await server.fetch('/v1/me', { headers: bearer(future.key) })).json();
    expect(me.key.expires_at).toBe('2099-01-01T00:00:00.000Z');
  });

  it('answers 403 account_inactive for an inactive account, and serves it again once active', async () => {
    const account = await setUpAccount(server, { inactive: true });
    await expectError(await server.fetch('/v1/me', { headers: bearer(account.key) }), 403, 'account_inactive');
    await server.admin('account', 'update', '--id', String(account.accountId), '--active');
    expect((await server.fetch('/v1/me', { headers: bearer(account.key) })).status).toBe(200);
  });

  it('answers 403 api_not_in_plan on plans without the API; custom includes it', async () => {
    const account = await setUpAccount(server, { plan: 'pro' });
    await expectError(await server.fetch('/v1/ping', { headers: bearer(account.key) }), 403, 'api_not_in_plan');
    await server.admin('account', 'update', '--id', String(account.accountId), '--plan', 'custom');
    expect((await server.fetch('/v1/ping', { headers: bearer(account.key) })).status).toBe(200);
  });

  it('answers 403 insufficient_scope naming the scope; ddex:write satisfies ddex:validate', async () => {
    const reader = await setUpAccount(server, { scopes: ['members:read'] });
    const body = await expectError(await server.fetch('/v1/ddex', { headers: bearer(reader.key) }), 403, 'insufficient_scope');
    expect(body.scope).toBe('ddex:validate');
    const validator = await setUpAccount(server, { scopes: ['ddex:validate'] });
    const refused = await expectError(
      await server.fetch('/v1/ddex', { method: 'POST', headers: { ...bearer(validator.key), 'content-type': 'application/xml' }, body: audioMessage().xml }),
      403,
      'insufficient_scope',
    );
    expect(refused.scope).toBe('ddex:write');
    expect((await server.fetch('/v1/ddex', { headers: bearer(validator.key) })).status).toBe(200);
    expect((await server.fetch('/api/v1/ddex', { headers: bearer(writer.key) })).status).toBe(200);
    // GET /me and /ping need no particular scope.
    expect((await server.fetch('/v1/me', { headers: bearer(reader.key) })).status).toBe(200);
  });

  it("answers 404 not_found for another account's delivery and member, as for an absent one", async () => {
    const other = await setUpAccount(server);
    const queued = await (
      await server.fetch('/v1/ddex', { method: 'POST', headers: { ...bearer(other.key), 'content-type': 'application/xml' }, body: audioMessage().xml })
    ).json();
    expect(queued.data.id).toBeGreaterThan(0);
    expect((await server.fetch(`/v1/ddex/${queued.data.id}`, { headers: bearer(other.key) })).status).toBe(200);
    const theirs = await expectError(await server.fetch(`/v1/ddex/${queued.data.id}`, { headers: bearer(writer.key) }), 404, 'not_found');
    const absent = await expectError(await server.fetch('/v1/ddex/999999', { headers: bearer(writer.key) }), 404, 'not_found');
    expect(theirs).toEqual(absent);
    const list = await (await server.fetch('/v1/ddex', { headers: bearer(writer.key) })).json();
    expect(list.data.map((d: { id: number }) => d.id)).not.toContain(queued.data.id);
    await expectError(
      await server.fetch(`/v1/ddex/validate?member_id=${other.memberId}`, { method: 'POST', headers: { ...bearer(writer.key), 'content-type': 'application/xml' }, body: audioMessage().xml }),
      404,
      'not_found',
    );
  });
});

/** GET /ping and the rate limit (section 8), both base paths and their headers (section 9), CORS, unknown paths, OpenAPI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';

const SUNSET = 'Fri, 30 Apr 2027 00:00:00 GMT';

describe.each(backends())('account, limits and versioning ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['ddex:write', 'members:read'] });
  });
  afterAll(() => server?.stop());

  it('answers GET /ping with account, plan and rate limit on both bases', async () => {
    for (const base of ['/v1', '/api/v1']) {
      const before = Date.now();
      const response = await server.fetch(`${base}/ping`, { headers: bearer(account.key) });
      expect(response.status).toBe(200);
      const body = await response.json();
      expectSchema(body, 'ping.schema.json');
      expect(body).toMatchObject({
        ok: true,
        environment: 'production',
        account: { id: account.accountId, email: account.email },
        plan: { included: true, plan: 'enterprise', rate: 600 },
        key: { prefix: account.prefix, scopes: ['ddex:write', 'members:read'] },
        rate_limit: { limit: 600 },
      });
      expect(body.server_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(body.server_time)).toBeGreaterThanOrEqual(before - 1000);
      expect(body.rate_limit.remaining).toBeLessThan(600);
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(body.rate_limit.remaining));
    }
  });

  it('limits requests per key per minute with 429 rate_limited and Retry-After; ping reports the numbers', async () => {
    // Windows are calendar minutes: a run that straddles a minute boundary is tried again once.
    let checked = false;
    for (let attempt = 0; attempt < 2 && !checked; attempt++) {
      const limited = await setUpAccount(server, { plan: 'custom', rate: 3 });
      const minute = () => Math.floor(Date.now() / 60_000);
      const startMinute = minute();
      const first = await (await server.fetch('/v1/ping', { headers: bearer(limited.key) })).json();
      const second = await (await server.fetch('/api/v1/ping', { headers: bearer(limited.key) })).json();
      const third = await server.fetch('/v1/me', { headers: bearer(limited.key) });
      const refused = await server.fetch('/v1/ping', { headers: bearer(limited.key) });
      if (minute() !== startMinute) continue;
      expect(first.plan).toEqual({ included: true, plan: 'custom', rate: 3 });
      expect(first.rate_limit).toEqual({ limit: 3, remaining: 2 });
      expect(second.rate_limit).toEqual({ limit: 3, remaining: 1 });
      expect(third.status).toBe(200);
      expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(refused.headers.get('retry-after'));
      await expectError(refused, 429, 'rate_limited');
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another key is counted on its own.
      expect((await server.fetch('/v1/ping', { headers: bearer(account.key) })).status).toBe(200);
      checked = true;
    }
    expect(checked).toBe(true);
  });

  it('sends Deprecation, Sunset and Link on every legacy answer, and none on /v1', async () => {
    const answers = [
      await server.fetch('/api/v1/ping', { headers: bearer(account.key) }),
      await server.fetch('/api/v1/ping'),
      await server.fetch('/api/v1/no-such-thing'),
      await server.fetch('/api/v1/ddex/abc', { headers: bearer(account.key) }),
      await server.fetch('/api/v1/openapi.json'),
      await server.fetch('/api/v1/ddex', { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400, 200, 204]);
    for (const r of answers) {
      expect(r.headers.get('deprecation')).toMatch(/^@\d+$/);
      expect(r.headers.get('sunset')).toBe(SUNSET);
      expect(r.headers.get('link')).toMatch(/rel="deprecation"/);
    }
    expect(answers[0].headers.get('link')).toContain(`<${server.url}/v1/ping>; rel="successor-version"`);
    for (const r of [await server.fetch('/v1/ping', { headers: bearer(account.key) }), await server.fetch('/v1/nothing')]) {
      expect(r.headers.get('deprecation')).toBeNull();
      expect(r.headers.get('sunset')).toBeNull();
    }
  });

  it('answers unknown paths, the removed simulate endpoint and wrong methods with the generic 404', async () => {
    const generic = await expectError(await server.fetch('/v1/nothing-here', { headers: bearer(account.key) }), 404, 'not_found');
    for (const path of ['/v1/sandbox/releases/1/simulate', '/api/v1/sandbox/releases/1/simulate', '/', '/v2/ping', '/api/v2/me']) {
      const response = await server.fetch(path, { method: path.includes('simulate') ? 'POST' : 'GET', headers: bearer(account.key) });
      expect(await expectError(response, 404, 'not_found')).toEqual(generic);
    }
    await expectError(await server.fetch('/v1/me', { method: 'DELETE', headers: bearer(account.key) }), 404, 'not_found');
  });

  it('answers 400 invalid naming the field for a bad path parameter', async () => {
    const body = await expectError(await server.fetch('/v1/ddex/abc', { headers: bearer(account.key) }), 400, 'invalid');
    expect(body.field).toBe('id');
  });

  it('answers CORS preflights for any origin, never with credentials', async () => {
    for (const origin of ['https://dashboard.example', 'http://localhost:3000', 'null']) {
      const response = await server.fetch('/v1/ddex/validate', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const actual = await server.fetch('/v1/ping', { headers: { ...bearer(account.key), origin: 'https://x.example' } });
    expect(actual.headers.get('access-control-allow-origin')).toBe('*');
    expect(actual.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('records each ping as connection activity', async () => {
    const fresh = await setUpAccount(server);
    await server.fetch('/v1/ping', { headers: bearer(fresh.key) });
    await server.fetch('/api/v1/ping', { headers: bearer(fresh.key) });
    await server.fetch('/v1/me', { headers: bearer(fresh.key) });
    const activity = await server.admin<{ kind: string; key_id: number }[]>('activity', '--account', String(fresh.accountId));
    expect(activity.map((a) => [a.kind, a.key_id])).toEqual([
      ['api_ping', fresh.keyId],
      ['api_ping', fresh.keyId],
    ]);
  });

  it('serves an OpenAPI 3.1 document generated from the schemas, without a key', async () => {
    const response = await server.fetch('/v1/openapi.json');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/ddex', '/ddex/uploads', '/ddex/uploads/{id}', '/ddex/uploads/{id}/commit', '/ddex/uploads/{id}/parts/{part}', '/ddex/validate', '/ddex/{id}', '/earnings', '/links', '/me', '/members', '/members/invite', '/payouts', '/ping', '/releases', '/releases/{id}', '/releases/{id}/history',
      '/webhooks', '/webhooks/events', '/webhooks/{id}', '/webhooks/{id}/deliveries', '/webhooks/{id}/deliveries/{delivery_id}/retry', '/webhooks/{id}/roll-secret', '/webhooks/{id}/test',
    ]);
    expect(Object.keys(doc.paths['/webhooks/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(doc.webhooks)).toContain('release.approved');
    expect(doc.webhooks['release.approved'].post.requestBody.content['application/json'].schema.properties.data.required).toEqual(['release']);
    expect(doc.paths['/members/invite'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/InviteRequest');
    expect(Object.keys(doc.paths['/ddex']).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/ddex/validate'].post.responses['413'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(doc.paths['/ddex/{id}'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/DeliveryResponse');
    expect(doc.components.schemas.DeliveryDetail.properties.items.items.$ref).toBe('#/components/schemas/DeliveryItem');
    expect(doc.components.schemas.DeliveryItem.properties.outcome.enum).toEqual(['created', 'updated', 'flagged', 'left_out', 'test']);
    expect(doc.paths['/releases/{id}/history'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/ReleaseHistoryResponse');
    expect(doc.components.schemas.DeliveryItem.properties.changes.anyOf).toEqual([{ $ref: '#/components/schemas/ReleaseChanges' }, { type: 'null' }]);
    expect(doc.info.description).toContain('100 MiB');
    expect(doc.info.description).toContain('600 requests per minute');
    expect(doc.servers.map((s: { url: string }) => s.url)).toEqual(['/v1', '/api/v1']);
    // Every $ref points at a component that exists.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const r of refs) expect(doc.components.schemas[r.split('/').pop()!.replace('"', '')], r).toBeDefined();
  });
});

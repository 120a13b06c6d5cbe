/**
 * Spec and consistency slips of issue 41 (defect 9), each over the real API: `commit_url` is a
 * path (spec 2.3); `ern_version` is the same string in a dry run and a delivery of the same batch;
 * a web page may PUT parts (CORS); every type GET /webhooks/events lists can be subscribed to; a
 * delivery's error ends in one full stop; the legacy `Link` successor names a path that exists.
 * (An attempt refused before connecting records `response_ms` null: webhook-urls.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectSchema } from '../../test/support/api-schemas.js';
import { audioMessage, freshUpc } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

describe.each(backends())('spec and consistency ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write', 'webhooks:write'] });
  });
  afterAll(() => server?.stop());

  const json = (method: string, p: string, body?: unknown) =>
    server.fetch(p, { method, headers: { ...bearer(account.key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });

  it('gives commit_url as a path on the base called, which commits when POSTed on the same host', async () => {
    const { xml } = audioMessage();
    for (const base of ['/v1', '/api/v1']) {
      const made = await (await json('POST', `${base}/ddex/uploads`, { name: 'batch.xml', size: Buffer.byteLength(xml) })).json();
      expectSchema(made, 'upload-response.schema.json');
      expect(made.data.commit_url).toBe(`${base}/ddex/uploads/${made.data.id}/commit`);
      expect((await fetch(made.data.upload.url, { method: 'PUT', body: xml })).status).toBe(200);
      const committed = await json('POST', made.data.commit_url);
      expect(committed.status).toBe(202);
    }
  });

  it('lets a web page PUT a part: the preflight allows PUT, and the PUT answers with Allow-Origin', async () => {
    const { xml } = audioMessage();
    const made = await (await json('POST', '/v1/ddex/uploads', { name: 'batch.xml', size: Buffer.byteLength(xml) })).json();
    const origin = 'https://app.partner.example';
    const preflight = await fetch(made.data.upload.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')!.split(/,\s*/)).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
    const put = await fetch(made.data.upload.url, { method: 'PUT', headers: { origin, 'content-type': 'application/xml' }, body: xml });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers ern_version as the same string in a dry run and in a delivery of the same batch', async () => {
    // No ERN message at all: the version is unknown.
    const batch = '<?xml version="1.0"?><catalog><item/></catalog>';
    const validated = await (await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: batch })).json();
    expectSchema(validated, 'validate-response.schema.json');
    const delivered = await waitForDelivery(server, account.key, (await deliver(server, account.key, batch, { contentType: 'application/xml' })).id);
    expect(delivered.status).toBe('failed');
    expect(validated.data.ern_version).toBe('');
    expect(delivered.ern_version).toBe(validated.data.ern_version);
    for (const m of validated.data.messages) expect(typeof m.ern_version).toBe('string');
    // A readable one: the version in both.
    const { xml } = audioMessage();
    const dry = await (await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: xml })).json();
    const real = await waitForDelivery(server, account.key, (await deliver(server, account.key, xml, { contentType: 'application/xml' })).id);
    expect([dry.data.ern_version, real.ern_version]).toEqual(['4.3', '4.3']);
  });

  it('takes every event type GET /webhooks/events lists, webhook.test included', async () => {
    const types = (await (await json('GET', '/v1/webhooks/events')).json()).data.map((t: { type: string }) => t.type);
    expect(types).toContain('webhook.test');
    const made = await json('POST', '/v1/webhooks', { url: 'https://93.184.216.34/hooks', events: types });
    expect(made.status).toBe(201);
    const endpoint = (await made.json()).endpoint;
    expect(endpoint.events).toEqual(types);
    const only = await json('PATCH', `/v1/webhooks/${endpoint.id}`, { events: ['webhook.test'] });
    expect(only.status).toBe(200);
    expect((await only.json()).data.events).toEqual(['webhook.test']);
    expect((await json('POST', '/v1/webhooks', { url: 'https://93.184.216.34/hooks', events: ['webhook.nothing'] })).status).toBe(400);
    await json('DELETE', `/v1/webhooks/${endpoint.id}`);
  });

  it('ends a delivery error with one full stop, not the engine\'s and its own', async () => {
    const good = freshUpc();
    const badUpc = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    const { xml } = audioMessage({ upc: badUpc });
    const failed = await waitForDelivery(server, account.key, (await deliver(server, account.key, xml, { contentType: 'application/xml' })).id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Every release was left out; first error: .*call for \d\.$/);
    expect(failed.error).not.toMatch(/\.\./);
  });

  it('points the legacy Link successor at a path that exists, and claims none for a path that does not', async () => {
    const ping = await server.fetch('/api/v1/ping', { headers: bearer(account.key) });
    expect(ping.status).toBe(200);
    const successor = /<([^>]+)>; rel="successor-version"/.exec(ping.headers.get('link')!)![1];
    expect(successor).toBe(`${server.url}/v1/ping`);
    expect((await fetch(successor, { headers: bearer(account.key) })).status).toBe(200);
    for (const p of ['/api/v1', '/api/v1/', '/api/v1/no-such-path', '/api/v1/ddex/uploads/1/parts/1/extra']) {
      const answer = await server.fetch(p, { headers: bearer(account.key) });
      expect(answer.status, p).toBe(404);
      expect(answer.headers.get('deprecation'), p).not.toBeNull();
      expect(answer.headers.get('link'), p).toContain('rel="deprecation"');
      expect(answer.headers.get('link'), p).not.toContain('successor-version');
    }
    // A legacy part URL: the successor names the route, never the signature of its query.
    const made = await (await json('POST', '/api/v1/ddex/uploads', { name: 'batch.xml', size: 10 })).json();
    const put = await fetch(made.data.upload.url, { method: 'PUT', body: '0123456789' });
    expect(put.status).toBe(200);
    const link = put.headers.get('link')!;
    expect(link).toContain(`<${server.url}/v1/ddex/uploads/${made.data.id}/parts/1>; rel="successor-version"`);
    expect(link).not.toContain('signature');
  });
});

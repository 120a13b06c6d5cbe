/**
 * Spec 9.2 to the letter (issue 50): the legacy base /api/v1 stops answering after 2027-04-30 on
 * the platform's hosts (the server's clock), and a white-label portal's own domain keeps it, for
 * its account's keys only. Every case over the real server: the clock before and after the sunset,
 * a platform host and a portal host, /v1 and /api/v1, an answer, an error and an unknown path.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { hostRequest } from '../../test/support/host-request.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';
import { LEGACY_CLOSED_FROM_MS, legacyBaseOpen } from '../http/legacy-sunset.js';

const SUNSET = 'Fri, 30 Apr 2027 00:00:00 GMT';
const PORTAL = 'portal-a.example';
/** The last day, at noon UTC: still open (a whole day of margin for a slow run either side). */
const LAST_DAY = '2027-04-30T12:00:00.000Z';
/** Well after the first instant refused. */
const AFTER = '2027-05-01T12:00:00.000Z';
/**
 * A time written on the moved clock is compared with the instant set, less a minute: each process
 * starts its moved clock when it reads the file, and the machine's clock may step back a little in
 * between; the real time, months before, is far outside.
 */
const SLACK_MS = 60_000;

type Account = Awaited<ReturnType<typeof setUpAccount>>;

/** Runs an admin command that must fail; returns what it said on stderr. */
async function adminRefusal(server: TestServer, ...args: string[]): Promise<string> {
  try {
    await server.admin(...args);
  } catch (error) {
    return String((error as { stderr?: string }).stderr);
  }
  throw new Error(`admin ${args.join(' ')} succeeded`);
}

describe('legacyBaseOpen', () => {
  it('keeps the whole of 2027-04-30 UTC open and closes at 2027-05-01T00:00:00Z', () => {
    expect(LEGACY_CLOSED_FROM_MS).toBe(Date.parse('2027-05-01T00:00:00.000Z'));
    expect(legacyBaseOpen(Date.parse('2027-04-30T00:00:00.000Z'))).toBe(true);
    expect(legacyBaseOpen(Date.parse('2027-04-30T23:59:59.999Z'))).toBe(true);
    expect(legacyBaseOpen(Date.parse('2027-05-01T00:00:00.000Z'))).toBe(false);
    expect(legacyBaseOpen(Date.parse('2030-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe.each(backends())('the legacy base and white-label portals ($name)', (backend) => {
  let server: TestServer;
  let a: Account;
  let b: Account;
  const setClock = (iso: string) => fs.writeFileSync(server.env.DDEX_SERVER_CLOCK_FILE!, iso);
  const onHost = (host: string, path: string, o: { key?: string; method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    hostRequest(server.url, path, { host, method: o.method, body: o.body, headers: { ...(o.key ? bearer(o.key) : {}), ...o.headers } });
  const platformHost = () => new URL(server.url).host;

  beforeAll(async () => {
    server = await TestServer.start(backend);
    a = await setUpAccount(server, { scopes: ['ddex:write'] });
    b = await setUpAccount(server, { scopes: ['ddex:write'] });
    // Typed in capitals with a trailing dot: stored as the host name it is.
    const added = await server.admin('account', 'domain', 'add', '--account', String(a.accountId), '--domain', 'Portal-A.Example.');
    expect(added).toMatchObject({ domain: PORTAL, account_id: a.accountId });
  });
  afterAll(() => server?.stop());

  it('attaches, lists and removes portal domains, refusing bad names and a domain another account holds', async () => {
    for (const [domain, says] of [
      ['https://portal.example.com', 'not a bare host name'],
      ['portal.example.com:8443', 'not a bare host name'],
      ['portal.example.com/api', 'not a bare host name'],
      ['192.0.2.10', 'IP address'],
      ['localhost', 'single label'],
      ['-bad.example.com', 'not allowed'],
      ['under_score.example.com', 'not allowed'],
      ['', 'empty'],
    ]) {
      expect(await adminRefusal(server, 'account', 'domain', 'add', '--account', String(b.accountId), '--domain', domain), domain).toContain(says);
    }
    // Held by A, in any spelling: refused for B, naming the holder; and for A again.
    expect(await adminRefusal(server, 'account', 'domain', 'add', '--account', String(b.accountId), '--domain', 'PORTAL-A.example')).toContain(`${PORTAL} is already a portal domain of account ${a.accountId}`);
    expect(await adminRefusal(server, 'account', 'domain', 'add', '--account', String(a.accountId), '--domain', PORTAL)).toContain(`already a portal domain of this account (${a.accountId})`);
    expect(await adminRefusal(server, 'account', 'domain', 'add', '--account', '99999', '--domain', 'free.example.org')).toContain('no account 99999');
    // An internationalised name is stored in its IDNA form, which is what a Host header carries.
    expect(await server.admin('account', 'domain', 'add', '--account', String(b.accountId), '--domain', 'Bücher.example.org')).toMatchObject({ domain: 'xn--bcher-kva.example.org' });
    expect((await server.admin<{ domain: string }[]>('account', 'domain', 'list', '--account', String(b.accountId))).map((r) => r.domain)).toEqual(['xn--bcher-kva.example.org']);
    expect(await adminRefusal(server, 'account', 'domain', 'remove', '--account', String(a.accountId), '--domain', 'xn--bcher-kva.example.org')).toContain(`not a portal domain of account ${a.accountId}`);
    expect(await server.admin('account', 'domain', 'remove', '--account', String(b.accountId), '--domain', 'bücher.example.org')).toMatchObject({ removed: true });
    const all = await server.admin<{ domain: string; account_id: number }[]>('account', 'domain', 'list');
    expect(all).toEqual([expect.objectContaining({ domain: PORTAL, account_id: a.accountId })]);
  });

  /** An answer (GET /ping with a key), an error (no key; a bad id) and an unknown path, on one host and base. */
  async function threeAnswers(host: string, base: string) {
    return {
      answer: await onHost(host, `${base}/ping`, { key: a.key }),
      error: await onHost(host, `${base}/ping`),
      badId: await onHost(host, `${base}/ddex/abc`, { key: a.key }),
      unknown: await onHost(host, `${base}/no-such-thing`, { key: a.key }),
    };
  }

  function expectNoLegacyHeaders(r: Response, what: string) {
    expect(r.headers.get('deprecation'), what).toBeNull();
    expect(r.headers.get('sunset'), what).toBeNull();
    expect(r.headers.get('link'), what).toBeNull();
  }

  async function expectAnswering(host: string, base: string, legacyHeaders: boolean) {
    const r = await threeAnswers(host, base);
    const what = `${host}${base}`;
    expect([r.answer.status, r.error.status, r.badId.status, r.unknown.status], what).toEqual([200, 401, 400, 404]);
    const ping = await r.answer.json();
    expectSchema(ping, 'ping.schema.json');
    expect(ping.account.id).toBe(a.accountId);
    await expectError(r.error, 401, 'unauthenticated');
    await expectError(r.unknown, 404, 'not_found');
    for (const response of Object.values(r)) {
      if (legacyHeaders) {
        expect(response.headers.get('deprecation'), what).toMatch(/^@\d+$/);
        expect(response.headers.get('sunset'), what).toBe(SUNSET);
        expect(response.headers.get('link'), what).toContain('rel="deprecation"');
      } else expectNoLegacyHeaders(response, what);
    }
    return ping as { server_time: string };
  }

  it('answers everything on the last day of the legacy base: /api/v1 with its headers on the platform, without on the portal', async () => {
    setClock(LAST_DAY);
    const ping = await expectAnswering(platformHost(), '/api/v1', true);
    // server_time is the server's clock (it was the real time, issue 50).
    expect(Date.parse(ping.server_time)).toBeGreaterThan(Date.parse(LAST_DAY) - SLACK_MS);
    expect(Date.parse(ping.server_time)).toBeLessThan(Date.parse(LAST_DAY) + 3_600_000);
    await expectAnswering(platformHost(), '/v1', false);
    await expectAnswering(PORTAL, '/api/v1', false);
    await expectAnswering(PORTAL, '/v1', false);
  });

  it('answers 410 base_retired naming /v1 for every /api/v1 request on the platform after the sunset, and /v1 and the portal as before', async () => {
    setClock(AFTER);
    const r = await threeAnswers(platformHost(), '/api/v1');
    const bare = await onHost(platformHost(), '/api/v1', { key: a.key });
    const openapi = await onHost(platformHost(), '/api/v1/openapi.json');
    const post = await onHost(platformHost(), '/api/v1/ddex/uploads', { key: b.key, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x.xml","size":10}' });
    const badKey = await onHost(platformHost(), '/api/v1/ping', { key: 'svc_live_nope' });
    const bodies = [];
    for (const response of [...Object.values(r), bare, openapi, post, badKey]) {
      const body = await expectError(response, 410, 'base_retired');
      expect(body.error).toContain('under /v1');
      expect(response.headers.get('deprecation')).toBeNull();
      expect(response.headers.get('sunset')).toBeNull();
      bodies.push(body);
    }
    // The same answer whatever the path, method or key: nothing is looked at.
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    // The successor is named only where the path exists under /v1.
    expect(r.answer.headers.get('link')).toContain(`<http://${platformHost()}/v1/ping>; rel="successor-version"`);
    expect(r.unknown.headers.get('link')).not.toContain('successor-version');
    // Nothing was done: no upload was created by the refused POST.
    const made = await (await onHost(platformHost(), '/v1/ddex/uploads', { key: b.key, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x.xml","size":10}' })).json();
    expect(made.data.id).toBe(1);

    const ping = await expectAnswering(platformHost(), '/v1', false);
    expect(Date.parse(ping.server_time)).toBeGreaterThan(Date.parse(AFTER) - SLACK_MS);
    await expectAnswering(PORTAL, '/api/v1', false);
    await expectAnswering(PORTAL, '/v1', false);
  });

  it('after the sunset still answers CORS preflights on /api/v1, so a browser can read the 410 with Allow-Origin', async () => {
    setClock(AFTER);
    const preflight = await onHost(platformHost(), '/api/v1/ping', { method: 'OPTIONS', headers: { origin: 'https://tool.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.status).toBe(204);
    const gone = await onHost(platformHost(), '/api/v1/ping', { key: a.key, headers: { origin: 'https://tool.example' } });
    await expectError(gone, 410, 'base_retired');
    expect(gone.headers.get('access-control-allow-origin')).toBe('*');
    expect(gone.headers.get('access-control-expose-headers')).toContain('Link');
  });

  it('answers a malformed /api/v1 URL with the 410 on the platform after the sunset, and with 400 and no legacy headers on the portal', async () => {
    setClock(AFTER);
    await expectError(await onHost(platformHost(), '/api/v1/%zz', { key: a.key }), 410, 'base_retired');
    const portal = await onHost(PORTAL, '/api/v1/%zz', { key: a.key });
    await expectError(portal, 400, 'invalid');
    expectNoLegacyHeaders(portal, 'portal');
    setClock(LAST_DAY);
    const before = await onHost(platformHost(), '/api/v1/%zz', { key: a.key });
    await expectError(before, 400, 'invalid');
    expect(before.headers.get('sunset')).toBe(SUNSET);
  });

  it('keeps the portal host and /api/v1 in URLs inside answers after the sunset (upload part URLs, status_url)', async () => {
    setClock(AFTER);
    const xml = '<x/>';
    for (const [host, base] of [
      [`${PORTAL}:8443`, '/api/v1'],
      [PORTAL, '/v1'],
    ]) {
      const made = await onHost(host, `${base}/ddex/uploads`, { key: a.key, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'batch.xml', size: xml.length }) });
      expect(made.status).toBe(201);
      const { data } = await made.json();
      expect(data.commit_url).toBe(`${base}/ddex/uploads/${data.id}/commit`);
      const part = new URL(data.upload.url);
      expect(part.host).toBe(host);
      expect(part.pathname).toBe(`${base}/ddex/uploads/${data.id}/parts/1`);
      // The part URL works on the host it names (sent here through the loopback address).
      expect((await onHost(host, part.pathname + part.search, { method: 'PUT', body: xml })).status).toBe(200);
      const committed = await onHost(host, data.commit_url, { key: a.key, method: 'POST' });
      expect(committed.status).toBe(202);
      const { data: queued } = await committed.json();
      expect(queued.status_url).toBe(`http://${host}${base}/ddex/${queued.delivery_id ?? queued.id}`);
      expectNoLegacyHeaders(committed, host);
    }
  });

  it("refuses another account's key on a portal domain exactly as a key that does not exist, even revoked", async () => {
    setClock(LAST_DAY);
    const unknown = await expectError(await onHost(PORTAL, '/api/v1/ping', { key: 'svc_live_doesnotexist0000000000000000' }), 401, 'invalid_key');
    for (const base of ['/api/v1', '/v1']) {
      const other = await onHost(PORTAL, `${base}/ping`, { key: b.key });
      expect(await expectError(other, 401, 'invalid_key')).toEqual(unknown);
      expect(other.headers.get('x-ratelimit-limit')).toBeNull();
    }
    // Host matching: case-insensitive, port and trailing dot ignored, nothing else.
    for (const host of ['PORTAL-A.EXAMPLE', `${PORTAL}.`, `${PORTAL}:443`]) {
      expect(await expectError(await onHost(host, '/v1/ping', { key: b.key }), 401, 'invalid_key')).toEqual(unknown);
    }
    for (const host of [`www.${PORTAL}`, `${PORTAL}.evil.example`, 'example']) {
      expect((await onHost(host, '/v1/ping', { key: b.key })).status, host).toBe(200);
    }
    // A revoked key of another account tells no more than an unknown one.
    const revoked = await setUpAccount(server);
    await server.admin('key', 'revoke', '--id', String(revoked.keyId));
    expect(await expectError(await onHost(PORTAL, '/v1/ping', { key: revoked.key }), 401, 'invalid_key')).toEqual(unknown);
    await expectError(await onHost(platformHost(), '/v1/ping', { key: revoked.key }), 401, 'key_revoked');
    // B's key works on the platform, A's on its portal.
    expect((await onHost(platformHost(), '/v1/ping', { key: b.key })).status).toBe(200);
    expect((await onHost(PORTAL, '/api/v1/ping', { key: a.key })).status).toBe(200);
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY: the Host header decides', async () => {
    setClock(AFTER);
    const viaHeader = await onHost(platformHost(), '/api/v1/ping', { key: b.key, headers: { 'x-forwarded-host': PORTAL } });
    await expectError(viaHeader, 410, 'base_retired');
    expect((await onHost(platformHost(), '/v1/ping', { key: b.key, headers: { 'x-forwarded-host': PORTAL } })).status).toBe(200);
    // And the other way round: a portal Host with a platform X-Forwarded-Host stays the portal.
    expect((await onHost(PORTAL, '/api/v1/ping', { key: a.key, headers: { 'x-forwarded-host': platformHost() } })).status).toBe(200);
  });

  it("serves an OpenAPI document that says all of it: the platform's with the 410, a portal's with /api/v1 as its current base", async () => {
    setClock(LAST_DAY);
    const platform = await (await onHost(platformHost(), '/v1/openapi.json')).json();
    expect(platform.servers.map((s: { url: string }) => s.url)).toEqual(['/v1', '/api/v1']);
    for (const words of ['until the end of 2027-04-30 (UTC', '2027-05-01T00:00:00Z', '410 `base_retired`', "white-label portal's own domain", 'no sunset', 'invalid_key', 'exactly as a key that does not exist', SUNSET]) {
      expect(platform.info.description).toContain(words);
    }
    expect(platform.servers[1].description).toContain('410 base_retired');
    expect(platform.paths['/ping'].get.responses['410'].description).toContain('base_retired');
    setClock(AFTER);
    const portal = await (await onHost(PORTAL, '/api/v1/openapi.json')).json();
    expect(portal.servers.map((s: { url: string }) => s.url)).toEqual(['/api/v1', '/v1']);
    expect(portal.info.description).toContain("This is a white-label portal's domain");
    expect(portal.paths['/ping'].get.responses['410']).toBeUndefined();
  });

  it("writes and compares on the server's clock: an account's and a key's created_at, a key's expiry, a delivery's finished_at", async () => {
    setClock(AFTER);
    const key = await server.admin<{ id: number; key: string }>('key', 'create', '--account', String(a.accountId), '--name', 'expires 2027-05-02', '--scopes', 'ddex:write', '--expires', '2027-05-02T00:00:00Z');
    const me = await (await server.fetch('/v1/me', { headers: bearer(key.key) })).json();
    expect(Date.parse(me.key.created_at)).toBeGreaterThan(Date.parse(AFTER) - SLACK_MS);
    const later = await setUpAccount(server);
    const accounts = await server.admin<{ id: number; created_at: string }[]>('account', 'list');
    expect(Date.parse(accounts.find((r) => r.id === later.accountId)!.created_at)).toBeGreaterThan(Date.parse(AFTER) - SLACK_MS);
    const { id } = await deliver(server, key.key, audioMessage().xml, { contentType: 'application/xml' });
    const done = await waitForDelivery(server, key.key, id);
    expect(Date.parse(done.finished_at)).toBeGreaterThan(Date.parse(AFTER) - SLACK_MS);
    // A day later on the same clock the key has expired (in real time it has years left).
    setClock('2027-05-02T12:00:00.000Z');
    await expectError(await server.fetch('/v1/ping', { headers: bearer(key.key) }), 401, 'key_expired');
  });

  it('says all of it in the README', () => {
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const words of ['2027-04-30T23:59:59.999Z', '2027-05-01T00:00:00.000Z', '`base_retired`', 'account domain add|remove|list', 'X-Forwarded-Host`', 'legacyBaseOpen', '`/v1` answers there as well', "Another account's key answers `401 invalid_key`"]) {
      expect(readme).toContain(words);
    }
  });
});

describe.each(backends())('white-label portals behind a trusted proxy ($name)', (backend) => {
  let server: TestServer;
  let a: Account;
  let b: Account;
  beforeAll(async () => {
    server = await TestServer.start(backend, { TRUST_PROXY: '1' });
    a = await setUpAccount(server);
    b = await setUpAccount(server);
    await server.admin('account', 'domain', 'add', '--account', String(a.accountId), '--domain', PORTAL);
    fs.writeFileSync(server.env.DDEX_SERVER_CLOCK_FILE!, AFTER);
  });
  afterAll(() => server?.stop());

  it('takes the portal from X-Forwarded-Host with TRUST_PROXY', async () => {
    const proxied = (key: string, path: string, forwarded: string) =>
      hostRequest(server.url, path, { host: 'backend.internal:8080', headers: { ...bearer(key), 'x-forwarded-host': forwarded, 'x-forwarded-proto': 'https' } });
    const ping = await proxied(a.key, '/api/v1/ping', 'Portal-A.example');
    expect(ping.status).toBe(200);
    expect(ping.headers.get('sunset')).toBeNull();
    await expectError(await proxied(b.key, '/api/v1/ping', PORTAL), 401, 'invalid_key');
    // The last X-Forwarded-Host is the one the nearest proxy wrote.
    await expectError(await proxied(a.key, '/api/v1/ping', `${PORTAL}, platform.example`), 410, 'base_retired');
    expect((await proxied(a.key, '/api/v1/ping', `platform.example, ${PORTAL}`)).status).toBe(200);
    // And URLs in answers keep the forwarded host and scheme.
    const made = await hostRequest(server.url, '/api/v1/ddex/uploads', { method: 'POST', host: 'backend.internal:8080', headers: { ...bearer(a.key), 'x-forwarded-host': PORTAL, 'x-forwarded-proto': 'https', 'content-type': 'application/json' }, body: '{"name":"b.xml","size":4}' });
    expect((await made.json()).data.upload.url).toMatch(new RegExp(`^https://${PORTAL.replace('.', '\\.')}/api/v1/ddex/uploads/\\d+/parts/1\\?`));
  });
});

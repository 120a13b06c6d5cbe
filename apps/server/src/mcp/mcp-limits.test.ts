/**
 * What keeps the MCP server's open doors in bounds (issue 44's follow-ups): an OAuth grant counts
 * against the account's per-minute rate like a key, in its own window (429 rate_limited past it,
 * the key untouched); RFC 7591 registration is limited per address per hour, counted in the
 * database so a second process on it refuses the same address; and registered clients nobody
 * authorized are removed after 7 days by the recurring job, the authorized and the recent kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { makeUser, signInHttp, type HttpSession } from '../../test/support/browser.js';
import { authorizationUrl, obtainTokens, pkce, REDIRECT_URI } from '../../test/support/mcp-oauth.js';

const PER_HOUR = 3;
const RATE = 3;

describe.each(backends())('MCP limits ($name)', (backend) => {
  let server: TestServer;
  let second: TestServer | null = null;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let session: HttpSession;
  let offset = 0;
  beforeAll(async () => {
    server = await TestServer.start(backend, { TRUST_PROXY: '1', MCP_REGISTER_PER_HOUR: String(PER_HOUR), MCP_CLIENT_RETENTION_EVERY_MS: '300' });
    account = await setUpAccount(server, { plan: 'custom', rate: RATE, scopes: ['ddex:write'] });
    session = await signInHttp(server, await makeUser(server, account.accountId));
  });
  afterAll(async () => {
    await second?.stop();
    await server?.stop();
  });

  /** Moves the server's clock to 1 s into the next window of `windowMs`: the counts below all fall in one window. */
  function startOfNextWindow(windowMs: number) {
    const serverNow = Date.now() + offset;
    offset += Math.ceil(serverNow / windowMs) * windowMs + 1000 - serverNow;
    server.moveClock(offset);
  }

  const register = (on: TestServer, address: string) =>
    on.fetch('/v1/mcp/register', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ client_name: 'Limited', redirect_uris: [REDIRECT_URI] }) });

  const mcp = (token: string) =>
    server.fetch('/v1/mcp', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: {} } }),
    });

  it('limits registrations per address per hour, shared by every process on the database', async () => {
    startOfNextWindow(3_600_000);
    for (let i = 0; i < PER_HOUR; i++) expect((await register(server, '203.0.113.7')).status).toBe(201);
    const refused = await register(server, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: 'rate_limited', error_description: expect.stringContaining(`At most ${PER_HOUR} client registrations per hour`) });
    // Another address is not concerned.
    expect((await register(server, '203.0.113.8')).status).toBe(201);
    // A second api process on the same database counts the same address.
    second = TestServer.alongside(server, { ROLES: 'api' });
    await second.start();
    expect((await register(second, '203.0.113.7')).status).toBe(429);
    expect((await register(second, '203.0.113.9')).status).toBe(201);
    // The next hour, the address may register again.
    startOfNextWindow(3_600_000);
    expect((await register(server, '203.0.113.7')).status).toBe(201);
  });

  it('counts an access token against the plan\'s rate in its grant\'s own window: 429 rate_limited past it', async () => {
    const { access_token: token } = await obtainTokens(server.url, session);
    startOfNextWindow(60_000);
    for (let i = 0; i < RATE; i++) {
      const answer = await mcp(token);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe(String(RATE));
      expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(RATE - 1 - i));
    }
    const refused = await mcp(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another assistant of the account has a window of its own, and so has the account's key.
    const other = await obtainTokens(server.url, session);
    expect((await mcp(other.access_token)).status).toBe(200);
    expect((await server.fetch('/v1/ping', { headers: bearer(account.key) })).status).toBe(200);
  });

  it('removes registered clients never authorized after 7 days, and keeps the authorized and the recent', async () => {
    const authorized = await obtainTokens(server.url, session);
    const abandoned = (await (await register(server, '198.51.100.1')).json()).client_id as string;
    const known = async (clientId: string) => {
      const answer = await server.fetch(authorizationUrl(server.url, { clientId, challenge: pkce().challenge }).toString().slice(server.url.length), { redirect: 'manual' });
      if (answer.status === 303) return true;
      expect(await answer.text()).toContain(`There is no client ${clientId}`);
      return false;
    };
    expect(await known(abandoned)).toBe(true);
    offset += 7 * 86_400_000 + 60_000;
    server.moveClock(offset);
    const recent = (await (await register(server, '198.51.100.2')).json()).client_id as string;
    await expect.poll(() => known(abandoned), { timeout: 30_000, interval: 300 }).toBe(false);
    expect(await known(authorized.clientId)).toBe(true);
    expect(await known(recent)).toBe(true);
  });
});

/**
 * The authorization server and the MCP endpoint refuse bad input with the right OAuth or MCP
 * error (issue 44): a wrong PKCE verifier, a reused code, an unregistered redirect URI, another
 * resource, an expired token, a tool beyond the token's scopes, a foreign Origin; and the
 * rotation, the legacy address and its sunset, and another account's delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver } from '../../test/support/deliveries.js';
import { makeUser, signInHttp, type HttpSession } from '../../test/support/browser.js';
import { authorizationUrl, consent, obtainTokens, pkce, REDIRECT_URI, mcpCall, registerClient, rpcAnswer, tokenRequest } from '../../test/support/mcp-oauth.js';

describe.each(backends())('MCP authorization refusals ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let session: HttpSession;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['ddex:write', 'members:read'] });
    session = await signInHttp(server, await makeUser(server, account.accountId));
  });
  afterAll(() => server?.stop());

  const codeFor = async (o: { scope?: string } = {}) => {
    const clientId = await registerClient(server.url);
    const { verifier, challenge } = pkce();
    const back = await consent(session, authorizationUrl(server.url, { clientId, challenge, scope: o.scope }));
    return { clientId, verifier, code: back.searchParams.get('code')! };
  };

  it('publishes RFC 8414 metadata at {mcp_url} and at the issuer\'s well-known location, and RFC 9728 metadata for both addresses', async () => {
    const a = await (await server.fetch('/v1/mcp/.well-known/oauth-authorization-server')).json();
    const b = await (await server.fetch('/.well-known/oauth-authorization-server/v1/mcp')).json();
    expect(a).toEqual(b);
    expect(a).toMatchObject({ issuer: `${server.url}/v1/mcp`, code_challenge_methods_supported: ['S256'], client_id_metadata_document_supported: true, token_endpoint: `${server.url}/v1/mcp/token` });
    for (const path of ['/v1/mcp', '/api/v1/mcp']) {
      const prm = await (await server.fetch(`/.well-known/oauth-protected-resource${path}`)).json();
      expect(prm).toMatchObject({ resource: `${server.url}${path}`, authorization_servers: [`${server.url}/v1/mcp`] });
    }
    const manifest = await (await server.fetch('/v1/mcp/manifest.json')).json();
    const validate = manifest.tools.find((t: { name: string }) => t.name === 'validate');
    expect(validate).toMatchObject({ scope: 'ddex:validate', input_schema: { type: 'object', required: ['xml'] }, output_schema: { type: 'object' } });
  });

  it('refuses a wrong PKCE verifier, then a reused code, revoking what the code gave', async () => {
    const { clientId, verifier, code } = await codeFor();
    const wrong = await tokenRequest(server.url, { grant_type: 'authorization_code', code, code_verifier: pkce().verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });

    const first = await tokenRequest(server.url, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(first.status).toBe(200);
    const tokens = await first.json();
    expect((await mcpCall(server, tokens.access_token, 'tools/list', {})).status).toBe(200);
    const again = await tokenRequest(server.url, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
    expect((await mcpCall(server, tokens.access_token, 'tools/list', {})).status).toBe(401);
  });

  it('shows an unregistered redirect URI on the page and never redirects to it', async () => {
    const clientId = await registerClient(server.url);
    const url = authorizationUrl(server.url, { clientId, challenge: pkce().challenge, redirectUri: 'https://attacker.example/cb' });
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain('is not registered for this client');
    // Registration itself refuses a plain-http redirect URI off loopback.
    const bad = await server.fetch('/v1/mcp/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://example.com/cb'] }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('refuses plain PKCE and another resource (RFC 8707 invalid_target), at authorization and at the token endpoint', async () => {
    const clientId = await registerClient(server.url);
    const { challenge } = pkce();
    const plain = await fetch(authorizationUrl(server.url, { clientId, challenge, method: 'plain' }), { redirect: 'manual' });
    expect(plain.status).toBe(302);
    const plainBack = new URL(plain.headers.get('location')!);
    expect(plainBack.searchParams.get('error')).toBe('invalid_request');
    expect(plainBack.searchParams.get('state')).toBe('st-1');

    const other = await fetch(authorizationUrl(server.url, { clientId, challenge, resource: 'https://elsewhere.example/mcp' }), { redirect: 'manual' });
    const otherBack = new URL(other.headers.get('location')!);
    expect(otherBack.origin + otherBack.pathname).toBe(REDIRECT_URI);
    expect(otherBack.searchParams.get('error')).toBe('invalid_target');
    expect(otherBack.searchParams.get('iss')).toBe(`${server.url}/v1/mcp`);

    const { clientId: c2, verifier, code } = await codeFor();
    const wrongResource = await tokenRequest(server.url, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: c2, redirect_uri: REDIRECT_URI, resource: 'https://elsewhere.example/mcp' });
    expect(wrongResource.status).toBe(400);
    expect(await wrongResource.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('refuses an expired access token with invalid_token and its resource metadata', async () => {
    const tokens = await obtainTokens(server.url, session);
    expect((await mcpCall(server, tokens.access_token, 'tools/list', {})).status).toBe(200);
    server.moveClock(11 * 60_000);
    try {
      const expired = await mcpCall(server, tokens.access_token, 'tools/list', {});
      expect(expired.status).toBe(401);
      const challenge = expired.headers.get('www-authenticate')!;
      expect(challenge).toContain('error="invalid_token"');
      expect(challenge).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/v1/mcp"`);
      expect((await expired.json()).code).toBe('invalid_token');
    } finally {
      server.moveClock(0);
    }
  });

  it('answers a tool beyond the token\'s scopes with 403 insufficient_scope naming the scope', async () => {
    const tokens = await obtainTokens(server.url, session, { scope: 'ddex:validate' });
    expect(tokens.scope).toBe('ddex:validate');
    const within = await mcpCall(server, tokens.access_token, 'tools/call', { name: 'list_deliveries', arguments: {} });
    expect(within.status).toBe(200);
    expect((await rpcAnswer(within)).result.isError).toBeFalsy();
    const beyond = await mcpCall(server, tokens.access_token, 'tools/call', { name: 'list_members', arguments: {} });
    expect(beyond.status).toBe(403);
    const challenge = beyond.headers.get('www-authenticate')!;
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('members:read');
  });

  it('grants what the partner ticked, and nothing when they deny', async () => {
    const clientId = await registerClient(server.url);
    const { verifier, challenge } = pkce();
    const back = await consent(session, authorizationUrl(server.url, { clientId, challenge, scope: 'ddex:validate payouts:read' }), { tick: ['ddex:validate'] });
    const answer = await tokenRequest(server.url, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect((await answer.json()).scope).toBe('ddex:validate');
    const denied = await consent(session, authorizationUrl(server.url, { clientId, challenge: pkce().challenge, state: 'st-2' }), { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-2');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('sends a signed-out partner to the dashboard\'s sign-in and back, and refuses a consent without the CSRF token', async () => {
    const clientId = await registerClient(server.url);
    const first = await fetch(authorizationUrl(server.url, { clientId, challenge: pkce().challenge, scope: 'ddex:validate members:read' }), { redirect: 'manual' });
    expect(first.status).toBe(303);
    const consentPath = first.headers.get('location')!;
    const signedOut = await server.fetch(consentPath, { redirect: 'manual' });
    expect(signedOut.status).toBe(303);
    const signIn = new URL(signedOut.headers.get('location')!, server.url);
    expect(signIn.pathname).toBe('/dashboard/sign-in');
    expect(signIn.searchParams.get('next')).toBe(consentPath);
    const page = await session.fetch(consentPath);
    const html = await page.text();
    expect(html).toContain('Hand-driven client');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${new URL(REDIRECT_URI).origin}`);
    const fields = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].filter((m) => m[1] !== '_csrf').map((m) => [m[1], m[2].replace(/&#(\d+);/g, (_x, n) => String.fromCharCode(Number(n)))]));
    fields.set('decision', 'allow');
    fields.append('grant_scope', 'ddex:validate');
    const forged = await session.fetch('/dashboard/assistants/authorize', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('lists authorized assistants in Settings → Assistants and revokes one there', async () => {
    const tokens = await obtainTokens(server.url, session, { scope: 'ddex:validate' });
    const list = await (await session.fetch('/dashboard/settings/assistants')).text();
    expect(list).toContain('Hand-driven client');
    expect(list).toContain(tokens.clientId);
    const id = new RegExp(`action="/dashboard/settings/assistants/(\\d+)/revoke"`).exec(list)![1];
    const other = await setUpAccount(server);
    const stranger = await signInHttp(server, await makeUser(server, other.accountId));
    expect((await stranger.fetch(`/dashboard/settings/assistants/${id}/revoke`, { method: 'POST', csrf: true })).status).toBe(404);
    expect((await mcpCall(server, tokens.access_token, 'tools/list', {})).status).toBe(200);
    const revoked = await session.fetch(`/dashboard/settings/assistants/${id}/revoke`, { method: 'POST', csrf: true });
    expect(revoked.status).toBe(303);
    expect((await mcpCall(server, tokens.access_token, 'tools/list', {})).status).toBe(401);
    expect(await (await session.fetch('/dashboard/settings/assistants')).text()).not.toContain(tokens.clientId);
  });

  it('refuses a foreign Origin (DNS rebinding) and serves a loopback one', async () => {
    const tokens = await obtainTokens(server.url, session);
    const foreign = await mcpCall(server, tokens.access_token, 'tools/list', {}, { headers: { origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.message).toContain('Forbidden');
    // Refused before authentication: no token needed to be turned away.
    expect((await mcpCall(server, null, 'tools/list', {}, { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await mcpCall(server, tokens.access_token, 'tools/list', {}, { headers: { origin: 'http://localhost:5173' } })).status).toBe(200);
  });

  it('rotates refresh tokens; presenting a rotated one revokes the whole family', async () => {
    const tokens = await obtainTokens(server.url, session);
    const next = await tokenRequest(server.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId });
    expect(next.status).toBe(200);
    const rotated = await next.json();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpCall(server, rotated.access_token, 'tools/list', {})).status).toBe(200);
    const reuse = await tokenRequest(server.url, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await mcpCall(server, rotated.access_token, 'tools/list', {})).status).toBe(401);
    const after = await tokenRequest(server.url, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token, client_id: tokens.clientId });
    expect(after.status).toBe(400);
  });

  it('answers another account\'s delivery as not found', async () => {
    const other = await setUpAccount(server, { scopes: ['ddex:write'] });
    const delivered = await deliver(server, other.key, audioMessage().xml);
    const tokens = await obtainTokens(server.url, session);
    const answer = await rpcAnswer(await mcpCall(server, tokens.access_token, 'tools/call', { name: 'get_delivery', arguments: { id: String(delivered.id) } }));
    expect(answer.result.isError).toBe(true);
    expect(answer.result.structuredContent).toMatchObject({ code: 'not_found' });
  });

  it('serves {legacy_mcp_url} with the API\'s legacy headers until the sunset, then refuses it and its tokens', async () => {
    const legacy = await obtainTokens(server.url, session, { resource: `${server.url}/api/v1/mcp` });
    const onLegacy = await mcpCall(server, legacy.access_token, 'tools/list', {}, { path: '/api/v1/mcp' });
    expect(onLegacy.status).toBe(200);
    expect(onLegacy.headers.get('sunset')).toBe('Fri, 30 Apr 2027 00:00:00 GMT');
    expect(onLegacy.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(onLegacy.headers.get('link')).toContain(`<${server.url}/v1/mcp>; rel="successor-version"`);
    // A token from the old address is good on the new one too, until the sunset.
    expect((await mcpCall(server, legacy.access_token, 'tools/list', {})).status).toBe(200);
    // The last day still answers (the API's legacy base answers the whole of 2027-04-30 UTC): the
    // token has expired by then (months later), so the address answers its 401, not the sunset's 410.
    server.moveClock(Date.parse('2027-04-30T12:00:00Z') - Date.now());
    try {
      const lastDay = await mcpCall(server, legacy.access_token, 'tools/list', {}, { path: '/api/v1/mcp' });
      expect(lastDay.status).toBe(401);
      expect(lastDay.headers.get('www-authenticate')).toContain('expired');
      expect(lastDay.headers.get('sunset')).toBe('Fri, 30 Apr 2027 00:00:00 GMT');
    } finally {
      server.moveClock(0);
    }
    server.moveClock(Date.parse('2027-05-01T00:00:01Z') - Date.now());
    try {
      expect((await mcpCall(server, legacy.access_token, 'tools/list', {}, { path: '/api/v1/mcp' })).status).toBe(410);
      const refreshed = await tokenRequest(server.url, { grant_type: 'refresh_token', refresh_token: legacy.refresh_token, client_id: legacy.clientId });
      // The refresh token outlived the sunset by its own date, but what it gives is refused on /v1/mcp.
      const fresh = refreshed.status === 200 ? (await refreshed.json()).access_token : legacy.access_token;
      const onCurrent = await mcpCall(server, fresh, 'tools/list', {});
      expect(onCurrent.status).toBe(401);
      expect(onCurrent.headers.get('www-authenticate')).toContain('error="invalid_token"');
    } finally {
      server.moveClock(0);
    }
  });
});

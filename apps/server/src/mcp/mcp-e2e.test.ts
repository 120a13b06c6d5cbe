/**
 * The MCP server end to end with the SDK's own client (issue 44): discovery from the 401, dynamic
 * registration, the code flow with PKCE through the dashboard's consent page (signed in, driven
 * over HTTP), the tool
 * list, a validate call answering the same report as the API, a refresh once the access token has
 * expired on the server clock, and a revocation after which calls fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';
import { consent, MemoryOAuthProvider } from '../../test/support/mcp-oauth.js';
import { makeUser, signInHttp, type HttpSession } from '../../test/support/browser.js';

describe.each(backends())('MCP server with the SDK client ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let session: HttpSession;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['ddex:write', 'members:read'] });
    session = await signInHttp(server, await makeUser(server, account.accountId));
  });
  afterAll(() => server?.stop());

  const connect = async (provider: MemoryOAuthProvider) => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), { authProvider: provider }));
    return client;
  };

  it('authorizes through discovery, registration and consent, lists and calls tools, refreshes, and is revoked', async () => {
    // Without a token: 401 naming the protected resource metadata (RFC 9728 5.1).
    const bare = await server.fetch('/v1/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/v1/mcp"`);

    const provider = new MemoryOAuthProvider();
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    // The client discovered the authorization server from the 401 and registered itself.
    expect(provider.client?.client_id).toMatch(/^mcp_client_/);
    const authorizationUrl = provider.authorizationUrl!;
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${server.url}/v1/mcp/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${server.url}/v1/mcp`);

    const back = await consent(session, authorizationUrl);
    expect(back.searchParams.get('iss')).toBe(`${server.url}/v1/mcp`);
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), { authProvider: provider });
    await transport.finishAuth(back.searchParams);
    const firstTokens = provider.stored!;
    expect(firstTokens.access_token).toMatch(/^mcp_at_/);
    expect(firstTokens.refresh_token).toMatch(/^mcp_rt_/);

    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['commit_upload', 'earnings_summary', 'explain_check', 'get_delivery', 'get_test_report', 'list_deliveries', 'list_members', 'list_test_reports', 'payouts_summary', 'ping', 'start_upload', 'validate'].sort(),
    );
    expect(tools.find((t) => t.name === 'validate')!.outputSchema).toBeTruthy();

    // validate answers what the API answers for the same message.
    const { xml } = audioMessage();
    const viaMcp = await client.callTool({ name: 'validate', arguments: { xml } });
    expect(viaMcp.isError).toBeFalsy();
    const report = (viaMcp.structuredContent as { data: Record<string, unknown> }).data;
    const viaApi = (await (await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: xml })).json()).data;
    expect(report.verdict).toBe(viaApi.verdict);
    expect(report.summary).toEqual(viaApi.summary);
    expect(report.checks).toEqual(viaApi.checks);
    expect((viaMcp.content as { text: string }[])[0].text).toContain(`Verdict: ${viaApi.verdict}`);
    // ... and is kept as a test report, which the test report tools read.
    const reports = await client.callTool({ name: 'list_test_reports', arguments: {} });
    expect((reports.structuredContent as { data: unknown[] }).data).toHaveLength(2);

    // The access token expires (server clock); the client refreshes with the rotating refresh token.
    server.moveClock(11 * 60_000);
    const ping = await client.callTool({ name: 'ping', arguments: {} });
    expect(ping.isError).toBeFalsy();
    expect((ping.structuredContent as { account: { id: number } }).account.id).toBe(account.accountId);
    expect(provider.stored!.access_token).not.toBe(firstTokens.access_token);
    expect(provider.stored!.refresh_token).not.toBe(firstTokens.refresh_token);

    // Revocation (RFC 7009): the grant ends; the next call fails, and no refresh brings it back.
    const revoked = await server.fetch('/v1/mcp/revoke', { method: 'POST', body: new URLSearchParams({ token: provider.stored!.access_token, client_id: provider.client!.client_id }) });
    expect(revoked.status).toBe(200);
    await expect(client.callTool({ name: 'ping', arguments: {} })).rejects.toThrow();
    const direct = await server.fetch('/v1/mcp', { method: 'POST', headers: { authorization: `Bearer ${provider.stored!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(direct.status).toBe(401);
    expect(direct.headers.get('www-authenticate')).toContain('error="invalid_token"');
    server.moveClock(0);
  });
});

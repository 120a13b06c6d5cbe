/**
 * The request log holds no secret of the MCP authorization server (issue 44): a real server with
 * its log kept runs the whole flow (consent, code, tokens, a tool call, a refresh, a revocation),
 * then the log is searched for the code, the verifier and every token. The log must hold the
 * requests' lines, so a silent log cannot pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { makeUser, signInHttp } from '../../test/support/browser.js';
import { authorizationUrl, consent, pkce, REDIRECT_URI, registerClient, tokenRequest } from '../../test/support/mcp-oauth.js';

describe.each(backends())('the request log and the MCP server ($name)', (backend) => {
  let server: TestServer;
  let logFile: string;
  beforeAll(async () => {
    server = await TestServer.create(backend);
    logFile = path.join(server.dataDir, 'request.log');
    // The harness keeps a copy of the server's stdout (its request log) in this file.
    await server.start({}, { copyLogTo: logFile });
  });
  afterAll(() => server?.stop());

  it('logs the flow without its code, verifier or tokens', async () => {
    const account = await setUpAccount(server);
    const session = await signInHttp(server, await makeUser(server, account.accountId));
    const clientId = await registerClient(server.url);
    const { verifier, challenge } = pkce();
    const back = await consent(session, authorizationUrl(server.url, { clientId, challenge, scope: 'ddex:validate' }));
    const code = back.searchParams.get('code')!;
    const first = await (await tokenRequest(server.url, { grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI })).json();
    const call = await server.fetch(`/v1/mcp?access_token=${first.access_token}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: {} } }),
    });
    expect(call.status).toBe(200);
    // A token pasted into a path: the log's URL is redacted by the token's own shape.
    expect((await server.fetch(`/v1/mcp/${first.access_token}`)).status).toBe(404);
    const second = await (await tokenRequest(server.url, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).json();
    expect((await server.fetch('/v1/mcp/revoke', { method: 'POST', body: new URLSearchParams({ token: second.refresh_token }) })).status).toBe(200);

    await new Promise((r) => setTimeout(r, 300));
    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toContain('/v1/mcp/token');
    expect(log).toContain('/dashboard/assistants/authorize');
    for (const secret of [code, verifier, first.access_token, first.refresh_token, second.access_token, second.refresh_token]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});

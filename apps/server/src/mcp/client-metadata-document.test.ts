/**
 * Client ID metadata documents (issue 44): a client_id that is an https URL is fetched (through
 * the webhooks' SSRF guard; loopback allowed for this test only, as for webhooks) and its
 * redirect URIs and name are used; a document naming another client_id, one that cannot be
 * fetched and a private address are refused on the page, never redirected.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { makeUser, signInHttp, type HttpSession } from '../../test/support/browser.js';
import { authorizationUrl, consent, pkce, REDIRECT_URI, tokenRequest } from '../../test/support/mcp-oauth.js';

describe.each(backends())('client ID metadata documents ($name)', (backend) => {
  let server: TestServer;
  let session: HttpSession;
  let documents: https.Server;
  let base = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cimd-'));
  const served: Record<string, unknown> = {};

  beforeAll(async () => {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    documents = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
      const doc = served[request.url ?? ''];
      if (doc === undefined) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(documents.address() as { port: number }).port}`;
    server = await TestServer.start(backend, { WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: '1', WEBHOOKS_CA_FILE: cert });
    const account = await setUpAccount(server);
    session = await signInHttp(server, await makeUser(server, account.accountId));
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => documents?.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('authorizes a client named by its metadata document, with no registration', async () => {
    const clientId = `${base}/assistant/client.json`;
    served['/assistant/client.json'] = { client_id: clientId, client_name: 'Document Assistant', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' };
    const { verifier, challenge } = pkce();
    const back = await consent(session, authorizationUrl(server.url, { clientId, challenge, scope: 'ddex:validate' }));
    const answer = await tokenRequest(server.url, { grant_type: 'authorization_code', code: back.searchParams.get('code')!, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(answer.status).toBe(200);
    expect((await answer.json()).scope).toBe('ddex:validate');
    expect(await (await session.fetch('/dashboard/settings/assistants')).text()).toContain('Document Assistant');
  });

  it('refuses a document naming another client_id, an unreachable one and a private address, on the page', async () => {
    served['/liar.json'] = { client_id: `${base}/someone-else.json`, client_name: 'Liar', redirect_uris: [REDIRECT_URI] };
    const cases: [string, string][] = [
      [`${base}/liar.json`, 'names another client_id'],
      [`${base}/missing.json`, 'answered 404'],
      ['https://169.254.169.254/latest/meta-data.json', 'not a public address'],
    ];
    for (const [clientId, why] of cases) {
      const page = await fetch(authorizationUrl(server.url, { clientId, challenge: pkce().challenge }), { redirect: 'manual' });
      expect(page.status, clientId).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(await page.text()).toContain(why);
    }
  });
});

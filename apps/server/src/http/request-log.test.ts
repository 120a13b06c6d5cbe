/**
 * The request log never holds a credential (issue 41, defect 4): a real server with its log kept
 * walks through an invitation link (the token is a credential for 7 days) and a direct upload's
 * part URL (its signature, 6 hours), on both base paths, with an API key on every API call; then
 * the whole log is searched for each secret. The log must also hold the redacted request lines,
 * so an empty or silent log cannot pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';

async function invitationLink(mailDir: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
    if (files.length) {
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, files[0])));
      return /(http:\/\/\S+\/invite\/[\w-]+)/.exec(mail.text ?? '')![1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no invitation mail was written');
}

describe.each(backends())('the request log holds no credential ($name)', (backend) => {
  let server: TestServer;
  let logFile: string;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.create(backend, { DELIVERY_POLL_MS: '100' });
    logFile = path.join(server.dataDir, 'request.log');
    // The harness keeps a copy of the server's stdout (its request log) in this file.
    await server.start({}, { copyLogTo: logFile });
    account = await setUpAccount(server, { scopes: ['members:write', 'ddex:write'] });
  });
  afterAll(() => server?.stop());

  it('logs the invitation and part requests with their credentials redacted', async () => {
    const secrets: string[] = [account.key];

    // An invitation: the link's token, followed (GET), used (POST), and a path below it (404).
    const invited = await server.fetch('/v1/members/invite', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: JSON.stringify({ email: 'log.test@example.test', fname: 'Log', kind: 'artist' }) });
    expect(invited.status).toBe(201);
    const link = await invitationLink(path.join(server.dataDir, 'mail'));
    const token = link.split('/invite/')[1];
    expect(token.length).toBeGreaterThanOrEqual(20);
    secrets.push(token);
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=a-long-enough-password' })).status).toBe(200);
    expect((await fetch(`${link}/more?x=1`)).status).toBe(404);

    // A direct upload: its signed part URL, on both base paths, and one tampered with (403).
    const body = Buffer.from('<not-really-ern/>');
    for (const prefix of ['/v1', '/api/v1']) {
      const made = await (await server.fetch(`${prefix}/ddex/uploads`, { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'batch.xml', size: body.length }) })).json();
      const url = new URL(made.data.upload.url as string);
      const signature = url.searchParams.get('signature')!;
      expect(signature.length).toBeGreaterThanOrEqual(20);
      secrets.push(signature);
      expect((await fetch(url, { method: 'PUT', body })).status).toBe(200);
      const tampered = new URL(url);
      tampered.searchParams.set('signature', signature.slice(0, -4) + 'AAAA');
      secrets.push(tampered.searchParams.get('signature')!);
      expect((await fetch(tampered, { method: 'PUT', body })).status).toBe(403);
    }
    // A key in a query string, where someone might put one by mistake.
    await server.fetch(`/v1/ping?key=${encodeURIComponent(account.key)}`, { headers: bearer(account.key) });

    await server.stopProcess();
    const log = fs.readFileSync(logFile, 'utf8');
    const lines = log.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
    // The requests were logged, redacted: the log is not silent.
    const urls = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls.filter((u) => u === '/invite/[redacted]')).toHaveLength(2);
    expect(urls).toContain('/invite/[redacted]/more?x=1');
    expect(urls.filter((u) => /^\/(api\/)?v1\/ddex\/uploads\/\d+\/parts\/1\?expires=\d+&signature=\[redacted\]$/.test(u))).toHaveLength(4);
    expect(urls).toContain('/v1/ping?key=[redacted]');
  });
});

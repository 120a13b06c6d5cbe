/**
 * A webhook receiver for tests: HTTPS on loopback with a self-signed certificate (give the server
 * `WEBHOOKS_CA_FILE: receiver.cert` and `WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: '1'`); answers 200 and
 * keeps the event type of each request, and each request's headers and body (for the
 * `standardwebhooks` library to verify).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

export async function startHttpsReceiver() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-receiver-'));
  const key = path.join(dir, 'receiver.key');
  const cert = path.join(dir, 'receiver.crt');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const types: string[] = [];
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    let body = '';
    request.on('data', (d) => (body += d));
    request.on('end', () => {
      types.push(String(JSON.parse(body).type));
      received.push({ headers: request.headers as Record<string, string>, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}/hooks`,
    cert,
    types,
    received,
    /** Resolves once an event of `type` arrived; rejects after `ms`. */
    async waitFor(type: string, ms = 30_000): Promise<void> {
      const until = Date.now() + ms;
      while (!types.includes(type)) {
        if (Date.now() > until) throw new Error(`receiver: no ${type} in ${ms} ms (got ${types.join(', ') || 'nothing'})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close(): Promise<void> {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

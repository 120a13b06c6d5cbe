#!/usr/bin/env node
/**
 * Webhook events per second: `ddex-server` delivering signed events to a local HTTPS receiver
 * through 20 endpoints, beside the receiver's own ceiling measured in the same run (as many POSTs
 * as clients can send it, one TLS connection per request as the server's sender opens them).
 * Loopback only; the server runs with its test-only loopback switch.
 *   node bench/webhook-bench.mjs [--events 100] [--endpoints 20] [--clients 8] [--seconds 5]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { arg, repo, startBenchServer } from './lib/bench-server.mjs';
const EVENTS = arg('events', 100);
const ENDPOINTS = arg('endpoints', 20);
const CLIENTS = arg('clients', 8);
const SECONDS = arg('seconds', 5);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-webhook-bench-'));
const key = path.join(dir, 'r.key');
const cert = path.join(dir, 'r.crt');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });

let received = 0;
const receiver = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200).end('ok');
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const port = receiver.address().port;

// 1. The receiver's ceiling: CLIENTS loops posting for SECONDS, a new TLS connection per request.
const ca = fs.readFileSync(cert);
const post = () =>
  new Promise((resolve, reject) => {
    const r = https.request({ host: '127.0.0.1', port, path: '/hooks', method: 'POST', ca, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    r.on('error', reject);
    r.end('{"type":"bench"}');
  });
received = 0;
const until = Date.now() + SECONDS * 1000;
const t0 = Date.now();
await Promise.all(Array.from({ length: CLIENTS }, async () => {
  while (Date.now() < until) await post();
}));
const ceiling = received / ((Date.now() - t0) / 1000);

// 2. The server: one account, ENDPOINTS endpoints on the receiver, EVENTS events in the outbox.
const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: '1', WEBHOOKS_CA_FILE: cert, WEBHOOKS_FANOUT_MS: '100', DELIVERY_POLL_MS: '50' };
delete env.DATABASE_URL;
const server = await startBenchServer(env, { scopes: ['webhooks:write'] });
const { url, account, key: apiKey } = server;
for (let i = 0; i < ENDPOINTS; i++) {
  const r = await fetch(`${url}/v1/webhooks`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: `https://127.0.0.1:${port}/hooks`, events: ['release.approved'] }) });
  if (r.status !== 201) throw new Error(`create endpoint: ${r.status} ${await r.text()}`);
}
// The events, written as a staff decision writes them (the server's own outbox module).
const { openDb } = await import(path.join(repo, 'apps/server/dist/db/connect.js'));
const { emitEvent } = await import(path.join(repo, 'apps/server/dist/events/emit.js'));
const db = openDb({ dialect: 'sqlite', location: path.join(env.DATA_DIR, 'ddex-server.sqlite') });
received = 0;
const start = Date.now();
await db.db.transaction().execute(async (trx) => {
  for (let i = 0; i < EVENTS; i++) await emitEvent(trx, { accountId: account.id, type: 'release.approved', data: { release: { id: i + 1, title: `Bench ${i}` } } });
});
const expected = EVENTS * ENDPOINTS;
while (received < expected && Date.now() - start < 300_000) await new Promise((r) => setTimeout(r, 20));
const seconds = (Date.now() - start) / 1000;
await db.close();
server.stop();
receiver.close();
fs.rmSync(dir, { recursive: true, force: true });

const rate = received / seconds;
console.log(`receiver ceiling (${CLIENTS} clients, a TLS connection per request): ${ceiling.toFixed(0)} requests/s`);
console.log(`ddex-server: ${received} of ${expected} deliveries (${EVENTS} events x ${ENDPOINTS} endpoints) in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} events/s, ${(rate / ceiling * 100).toFixed(0)}% of the ceiling; server peak RSS ${server.peakMb().toFixed(0)} MB`);
process.exit(received === expected ? 0 : 1);

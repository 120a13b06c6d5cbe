/**
 * Operations (issue 46): a real server on an S3-compatible store with its ops listener on loopback.
 * Liveness and readiness outside the base paths (and readiness naming the blob store once it stops
 * answering); an X-Request-Id on every answer, errors included, taken from the caller only when
 * well-formed, and on every log line of its request; a job id on every line of a job, an SFTP
 * session id on SFTP lines; Prometheus metrics on the ops listener only: HTTP by route pattern,
 * dry runs, deliveries, SFTP sessions and bytes, and the queue read from the database (a job no
 * process of this server enqueued is counted).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { startS3Server, type S3TestServer } from '../../test/support/s3-server.mjs';
import { albumZip, audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';
import { ssh2Sftp } from '../../test/support/ssh2-sftp.js';
import { dbConfigFrom, openDb } from '../db/connect.js';
import { enqueueJob } from '../jobs/job-queue.js';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function logLines(server: TestServer): LogLine[] {
  return fs
    .readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

/** The value of one sample of the metrics text, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2].split(',');
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return null;
}

describe.each(backends())('operations ($name)', (backend) => {
  let s3: S3TestServer;
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await TestServer.start(backend, { ...s3.env, METRICS_ADDR: '127.0.0.1:0', DELIVERY_POLL_MS: '100', SFTP_FAILED_LOGIN_DELAY_MS: '10' });
    account = await setUpAccount(server, { scopes: ['ddex:write', 'ddex:validate'] });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.close().catch(() => undefined);
  });

  it('answers liveness and readiness outside the base paths, without a key', async () => {
    const live = await server.fetch('/livez');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', blobs: 'ok', shutdown: 'ok' } });
    // The same two on the ops listener (a worker or sftp process has no API port).
    const opsReady = await fetch(server.metricsUrl.replace(/\/metrics$/, '/readyz'));
    expect(opsReady.status).toBe(200);
    expect((await opsReady.json()).status).toBe('ready');
  });

  it('gives every answer its request id, takes a caller id only when well-formed, and writes it on the request log lines', async () => {
    const unauthenticated = await server.fetch('/v1/ping');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('x-request-id')).toMatch(UUID);
    const missing = await server.fetch('/v1/nowhere', { headers: bearer(account.key) });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
    // A bad percent-escape fails in the router, before any hook.
    const badUrl = await server.fetch('/v1/ddex/%zz');
    expect(badUrl.status).toBe(400);
    expect(badUrl.headers.get('x-request-id')).toMatch(UUID);

    const traced = await server.fetch('/v1/ping', { headers: { ...bearer(account.key), 'x-request-id': 'partner-trace:0001' } });
    expect(traced.status).toBe(200);
    expect(traced.headers.get('x-request-id')).toBe('partner-trace:0001');
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), 'quote"and\\backslash', 'svc_live_/../../etc']) {
      const answer = await server.fetch('/v1/ping', { headers: { ...bearer(account.key), 'x-request-id': bad } });
      expect(answer.headers.get('x-request-id'), bad).toMatch(UUID);
    }

    const lines = logLines(server);
    const ofTraced = lines.filter((l) => l.reqId === 'partner-trace:0001');
    expect(ofTraced.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    const requestLines = lines.filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const l of requestLines) expect(typeof l.reqId, JSON.stringify(l)).toBe('string');
    // The 401's id is the one of its log lines.
    expect(lines.filter((l) => l.reqId === unauthenticated.headers.get('x-request-id'))).toHaveLength(2);
  });

  it('serves Prometheus metrics on the ops listener only: requests by route pattern, dry runs, deliveries, the queue from the database', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await server.fetch('/metrics')).status).toBe(404);

    const dry = await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: audioMessage().xml });
    expect(dry.status).toBe(200);
    const delivery = await deliver(server, account.key, new Uint8Array((await albumZip()).zip), { contentType: 'application/zip' });
    expect(await waitForDelivery(server, account.key, delivery.id)).toMatchObject({ status: 'done' });

    // A job no process of this server enqueued: the queue's gauges read the table.
    const open = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
    try {
      await enqueueJob(open.db, { kind: 'ops.test.elsewhere', runAt: '2999-01-01T00:00:00.000Z' });
    } finally {
      await open.close();
    }

    const text = await (await fetch(server.metricsUrl)).text();
    expect(sample(text, 'ddex_http_request_duration_seconds_count', { route: '/v1/ddex/:id', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'ddex_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    // Route patterns only: no delivery id, no signature in a label.
    expect(text).not.toContain(`/v1/ddex/${delivery.id}"`);
    expect(sample(text, 'ddex_dry_run_duration_seconds_count', { outcome: (await dry.json()).data.verdict })).toBe(1);
    expect(sample(text, 'ddex_delivery_duration_seconds_count', { outcome: 'done' })).toBe(1);
    expect(sample(text, 'ddex_jobs', { kind: 'ops.test.elsewhere', status: 'queued' })).toBe(1);
    expect(sample(text, 'ddex_jobs', { kind: 'ddex.delivery', status: 'queued' })).toBe(0);
    expect(sample(text, 'ddex_jobs', { kind: 'ddex.delivery', status: 'running' })).toBe(0);

    // Every line the delivery's job wrote names the job.
    const processed = logLines(server).filter((l) => l.msg === 'delivery processed');
    expect(processed).toHaveLength(1);
    expect(processed[0]).toMatchObject({ delivery: delivery.id, kind: 'ddex.delivery', job: expect.any(Number) });
  });

  it('counts SFTP sessions and bytes, and names the session on SFTP log lines', async () => {
    const login = await server.admin<{ username: string; password: string }>('sftp', 'create', '--account', String(account.accountId));
    const wrong = await ssh2Sftp({ port: server.sftpPort, username: login.username, password: 'not-the-password' }).catch((e: Error) => e);
    expect(wrong).toBeInstanceOf(Error);
    const client = await ssh2Sftp({ port: server.sftpPort, username: login.username, password: login.password });
    expect(await client.mkdir('/production/ops-batch')).toBe('ok');
    const handle = await client.open('/production/ops-batch/a.xml', 'w');
    expect(Buffer.isBuffer(handle)).toBe(true);
    expect(await client.write(handle as Buffer, Buffer.alloc(5000, 'a'), 0)).toBe('ok');
    expect(await client.close(handle as Buffer)).toBe('ok');
    const during = await (await fetch(server.metricsUrl)).text();
    expect(sample(during, 'ddex_sftp_sessions', {}) ?? Number(/^ddex_sftp_sessions (\S+)$/m.exec(during)?.[1])).toBe(1);
    expect(Number(/^ddex_sftp_sessions_total (\S+)$/m.exec(during)?.[1])).toBe(1);
    expect(sample(during, 'ddex_sftp_bytes_total', { direction: 'received' })).toBe(5000);
    client.drop();

    const lines = logLines(server);
    const failed = lines.filter((l) => l.msg === 'sftp login failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].sftpSession).toMatch(UUID);
    const opened = lines.filter((l) => l.msg === 'sftp session opened');
    expect(opened).toHaveLength(1);
    expect(opened[0].sftpSession).toMatch(UUID);
    expect(opened[0].sftpSession).not.toBe(failed[0].sftpSession);
  });

  it('is not ready, and says why, when the blob store stops answering', async () => {
    await s3.close();
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(503);
    const body = await ready.json();
    expect(body.status).toBe('not ready');
    expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok', shutdown: 'ok' });
    expect(body.checks.blobs).toMatch(/^the blob store (failed|did not answer)/);
    expect((await server.fetch('/livez')).status).toBe(200);
  });
});

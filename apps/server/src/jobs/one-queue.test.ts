/**
 * One queue (issue 42, item 1): a delivery (POST /ddex), an SFTP batch (the OpenSSH client and a
 * marker) and a webhook attempt are all jobs of the jobs table, of their kinds, and all complete;
 * a delivery held in `importing` (the engine lane busy) does not delay a webhook attempt (the
 * default lane, here one slot); on PostgreSQL, a delivery posted to an API-only process is taken at
 * once by a worker-only process that polls only every 10 minutes: NOTIFY crosses processes, also
 * after the worker's LISTEN connection was cut.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, SERVER_DIR, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';
import { albumFolder, sftpBatch, uploadBatchCommands, waitFor } from '../../test/support/sftp-client.js';
import { startHttpsReceiver } from '../../test/support/https-receiver.js';
import { dbConfigFrom, openDb, type OpenDb } from '../db/connect.js';

/** Polls `get` until `check` passes (at most 30 s); returns the last value. */
async function eventually<T>(get: () => Promise<T>, check: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(backends())('one queue ($name)', (backend) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startHttpsReceiver>>;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let open: OpenDb;
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'one-queue-'));

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    server = await TestServer.start(backend, { WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: '1', WEBHOOKS_CA_FILE: receiver.cert, DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write', 'webhooks:write'] });
    open = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
  });
  afterAll(async () => {
    await open?.close();
    await server?.stop();
    await receiver?.close();
    fs.rmSync(local, { recursive: true, force: true });
  });

  const call = (method: string, p: string, body?: unknown) =>
    server.fetch(`/v1${p}`, { method, headers: { ...bearer(account.key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const jobsOf = async (kind: string) => (await open.db.selectFrom('jobs').select(['kind', 'payload', 'status']).where('kind', '=', kind).execute()).map((j) => ({ ...j, payload: JSON.parse(j.payload) }));
  const testWebhook = async () => {
    const created = await call('POST', '/webhooks', { url: receiver.url, description: 'one queue', events: ['webhook.test'] });
    expect(created.status).toBe(201);
    const { endpoint } = await created.json();
    const test = await call('POST', `/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    return (await test.json()).delivery.id as number;
  };

  it('runs a delivery, an SFTP batch and a webhook attempt as jobs of the one jobs table', async () => {
    const hook = await testWebhook();
    const posted = await deliver(server, account.key, new Uint8Array((await albumZip()).zip), { contentType: 'application/zip' });
    const login = await server.admin('sftp', 'create', '--account', String(account.accountId));
    const album = albumFolder(local, 'one-queue-album');
    const run = await sftpBatch({ port: server.sftpPort, user: login.username, password: login.password, commands: uploadBatchCommands(album.dir, 'production', 'one-queue-album'), cwd: local });
    expect(run.code, run.output).toBe(0);

    expect(await waitForDelivery(server, account.key, posted.id)).toMatchObject({ status: 'done', created_count: 1 });
    const batch = await waitFor('the SFTP batch queued as a delivery', () =>
      open.db.selectFrom('sftp_batches').select(['id', 'delivery_id']).where('name', '=', 'one-queue-album').where('delivery_id', 'is not', null).executeTakeFirst(),
    );
    expect(await waitForDelivery(server, account.key, batch.delivery_id!)).toMatchObject({ status: 'done', created_count: 1 });
    await receiver.waitFor('webhook.test');

    const done = (kind: string, payload: object) => eventually(() => jobsOf(kind), (jobs) => jobs.some((j) => j.status === 'done' && JSON.stringify(j.payload) === JSON.stringify(payload)));
    expect(await done('ddex.delivery', { deliveryId: posted.id })).toContainEqual({ kind: 'ddex.delivery', payload: { deliveryId: posted.id }, status: 'done' });
    expect(await done('sftp.production', { batchId: batch.id })).toContainEqual({ kind: 'sftp.production', payload: { batchId: batch.id }, status: 'done' });
    expect(await done('ddex.delivery', { deliveryId: batch.delivery_id })).toContainEqual({ kind: 'ddex.delivery', payload: { deliveryId: batch.delivery_id }, status: 'done' });
    expect(await done('webhooks.attempt', { delivery: hook })).toContainEqual({ kind: 'webhooks.attempt', payload: { delivery: hook }, status: 'done' });
  });

  it('delivers a webhook attempt while a delivery holds the engine lane in importing', async () => {
    // One slot in the default lane: were deliveries in it, the held delivery would take it.
    await server.stopProcess();
    await server.start({ DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: '600000', JOBS_CONCURRENCY: '1' });
    try {
      const held = await deliver(server, account.key, new Uint8Array((await albumZip()).zip), { contentType: 'application/zip' });
      await waitForDelivery(server, account.key, held.id, (s) => s === 'importing');
      const hook = await testWebhook();
      const before = receiver.types.filter((t) => t === 'webhook.test').length;
      await eventually(async () => receiver.types.filter((t) => t === 'webhook.test').length, (n) => n > before);
      expect(receiver.types.filter((t) => t === 'webhook.test').length).toBe(before + 1);
      const attempt = await eventually(() => jobsOf('webhooks.attempt'), (jobs) => jobs.some((j) => j.payload.delivery === hook && j.status === 'done'));
      expect(attempt).toContainEqual({ kind: 'webhooks.attempt', payload: { delivery: hook }, status: 'done' });
      // The delivery is still where it was held, its job still running.
      expect((await waitForDelivery(server, account.key, held.id, () => true)).status).toBe('importing');
      expect(await jobsOf('ddex.delivery')).toContainEqual({ kind: 'ddex.delivery', payload: { deliveryId: held.id }, status: 'running' });
    } finally {
      await server.crash();
    }
  });
});

describe.each(backends())('one queue across processes ($name)', (backend) => {
  it.skipIf(backend.name !== 'postgres')('wakes a worker in another process through NOTIFY, also after its LISTEN connection was cut (PostgreSQL only: SQLite has no NOTIFY, other processes see a job at their next poll)', async () => {
    // Both processes poll every 10 minutes: only a notification can start a delivery within the minute waitForDelivery waits.
    const slow = { JOBS_POLL_MS: '600000', JOBS_LISTEN_POLL_MS: '600000' };
    const server = await TestServer.create(backend);
    await server.start({ ...slow, ROLES: 'api' });
    const account = await setUpAccount(server);
    const worker = await startWorkerProcess({ ...server.env, ...slow, ROLES: 'worker' });
    const admin = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await admin.connect();
    try {
      const listenerPid = async () => (await admin.query(`select pid from pg_stat_activity where application_name = 'ddex-server job listener' and datname = current_database()`)).rows.map((r) => r.pid as number);
      const first = await eventually(listenerPid, (pids) => pids.length === 1);
      expect(first).toHaveLength(1);
      const a = await deliver(server, account.key, new Uint8Array((await albumZip()).zip), { contentType: 'application/zip' });
      expect(await waitForDelivery(server, account.key, a.id)).toMatchObject({ status: 'done', created_count: 1 });

      await admin.query('select pg_terminate_backend($1)', [first[0]]);
      const again = await eventually(listenerPid, (pids) => pids.length === 1 && pids[0] !== first[0]);
      expect(again).toHaveLength(1);
      expect(again[0]).not.toBe(first[0]);
      const b = await deliver(server, account.key, new Uint8Array((await albumZip()).zip), { contentType: 'application/zip' });
      expect(await waitForDelivery(server, account.key, b.id)).toMatchObject({ status: 'done', created_count: 1 });
    } finally {
      await admin.end();
      await stopProcess(worker);
      await server.stop();
    }
  });
});

/** A `ddex-server start` process without the api role (it serves no HTTP): resolves once it runs. */
async function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(SERVER_DIR, 'bin/ddex-server.js'), 'start', '--quiet'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('ddex-server running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}):\n${out}`));
    });
  });
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

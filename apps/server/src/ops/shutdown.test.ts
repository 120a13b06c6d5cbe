/**
 * Graceful shutdown (issue 46) with real processes. A SIGTERM during a long import hands the job
 * back within SHUTDOWN_TIMEOUT (its lease is far longer, so only the hand-back can let another
 * process take it) and the next process finishes the delivery, once; a second SIGTERM ends the
 * process at once, handing the job back too. A request in flight at the SIGTERM is answered in
 * full while /readyz on the ops listener says "shutting down"; an SFTP client is sent SSH's
 * disconnect (by application) and sees no error.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import ssh2 from 'ssh2';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';
import { dbConfigFrom, openDb } from '../db/connect.js';

/** The delivery's job row as the queue holds it. */
async function deliveryJob(server: TestServer, deliveryId: number) {
  const open = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
  try {
    const rows = await open.db.selectFrom('jobs').select(['status', 'attempts', 'worker_id', 'lease_expires_at', 'payload']).where('kind', '=', 'ddex.delivery').execute();
    return rows.find((r) => JSON.parse(r.payload).deliveryId === deliveryId)!;
  } finally {
    await open.close();
  }
}

describe.each(backends())('graceful shutdown ($name)', (backend) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  // Each process would hold the delivery in `importing` for 10 minutes, under a 10-minute lease.
  const holding = { DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: '600000', DELIVERY_LEASE_MS: '600000', DELIVERY_POLL_MS: '100' };

  it('hands a long import back at SIGTERM within SHUTDOWN_TIMEOUT, and the next process finishes it', async () => {
    server = await TestServer.create(backend, { ...holding, SHUTDOWN_TIMEOUT: '3' });
    await server.start();
    const account = await setUpAccount(server);
    const delivery = await deliver(server, account.key, audioMessage({ title: 'Handed back' }).xml, { contentType: 'application/xml' });
    await waitForDelivery(server, account.key, delivery.id, (s) => s === 'importing');
    expect(await deliveryJob(server, delivery.id)).toMatchObject({ status: 'running', attempts: 1 });

    // Killed only if still there after 60 s: it must end on its own, handing the job back a second
    // before its bound (a planned stop: exit status 0).
    const ended = await server.stopProcess(60_000);
    expect(ended).toEqual({ code: 0, signal: null });
    // Back in the queue, the attempt not counted, no lease left.
    expect(await deliveryJob(server, delivery.id)).toMatchObject({ status: 'queued', attempts: 0, worker_id: null, lease_expires_at: null });

    await server.start({ DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: '0' });
    expect(await waitForDelivery(server, account.key, delivery.id)).toMatchObject({ status: 'done', created_count: 1 });
    expect(await deliveryJob(server, delivery.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(fs.readFileSync(server.logFile, 'utf8')).toContain('"msg":"delivery processed"');
  });

  it('ends at once at a second SIGTERM, handing the job back', async () => {
    server = await TestServer.create(backend, { ...holding, SHUTDOWN_TIMEOUT: '600' });
    await server.start();
    const account = await setUpAccount(server);
    const delivery = await deliver(server, account.key, audioMessage({ title: 'Second signal' }).xml, { contentType: 'application/xml' });
    await waitForDelivery(server, account.key, delivery.id, (s) => s === 'importing');
    const ended = server.exited();
    server.signal('SIGTERM');
    // The first signal started a shutdown bounded at 10 minutes; the second ends it.
    await new Promise((r) => setTimeout(r, 500));
    expect(server.running).toBe(true);
    server.signal('SIGTERM');
    expect(await ended).toEqual({ code: 1, signal: null });
    expect(await deliveryJob(server, delivery.id)).toMatchObject({ status: 'queued', attempts: 0, worker_id: null });
  });

  it('answers a request in flight at SIGTERM, says "shutting down" on /readyz meanwhile, and exits 0', async () => {
    // A bound far above the dry run's time, however loaded the machine: the request ends the shutdown, not the bound.
    server = await TestServer.start(backend, { DDEX_SERVER_TEST_PAUSE_VALIDATE_MS: '3000', METRICS_ADDR: '127.0.0.1:0', SHUTDOWN_TIMEOUT: '120' });
    const account = await setUpAccount(server, { scopes: ['ddex:validate'] });
    const answer = server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/xml' }, body: audioMessage().xml });
    // The dry run holds its slot 3 s; wait until it is in flight.
    const ready = server.metricsUrl.replace(/\/metrics$/, '/readyz');
    const arrived = () => fs.readFileSync(server!.logFile, 'utf8').split('\n').some((l) => l.includes('"url":"/v1/ddex/validate"') && l.includes('"msg":"incoming request"'));
    for (let i = 0; i < 1200 && !arrived(); i++) await new Promise((r) => setTimeout(r, 25));
    expect(arrived()).toBe(true);
    const ended = server.exited();
    server.signal('SIGTERM');
    let draining: { status: number; body: { status: string; checks: { shutdown: string } } } | null = null;
    let answered = false;
    answer.then(
      () => (answered = true),
      () => (answered = true),
    );
    // Until the dry run is answered (3 s at least), /readyz must say so.
    while (!draining && !answered) {
      const r = await fetch(ready).catch(() => null);
      if (r && r.status === 503) draining = { status: r.status, body: await r.json() };
      else {
        await r?.body?.cancel();
        await new Promise((res) => setTimeout(res, 50));
      }
    }
    expect(draining).toMatchObject({ status: 503, body: { status: 'not ready', checks: { shutdown: 'shutting down' } } });
    const response = await answer;
    expect(response.status).toBe(200);
    expect((await response.json()).data.verdict).toMatch(/^would_import/);
    expect(await ended).toEqual({ code: 0, signal: null });
  });

  it('ends SFTP sessions with SSH disconnect at SIGTERM: the client sees the server leave, no error', async () => {
    server = await TestServer.start(backend);
    const account = await setUpAccount(server);
    const login = await server.admin<{ username: string; password: string }>('sftp', 'create', '--account', String(account.accountId));
    const debug: string[] = [];
    const errors: Error[] = [];
    const client = new ssh2.Client();
    await new Promise<void>((resolve, reject) => {
      client.once('ready', () => resolve()).once('error', reject);
      client.connect({ host: '127.0.0.1', port: server!.sftpPort, username: login.username, password: login.password, debug: (line) => debug.push(line) });
    });
    await new Promise<void>((resolve, reject) => client.sftp((err) => (err ? reject(err) : resolve())));
    client.on('error', (err) => errors.push(err));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const ended = server.exited();
    server.signal('SIGTERM');
    await closed;
    expect(await ended).toEqual({ code: 0, signal: null });
    expect(errors).toEqual([]);
    // SSH_DISCONNECT_BY_APPLICATION is reason 11 (RFC 4253, 11.1).
    expect(debug.filter((line) => line.startsWith('Inbound: Received DISCONNECT'))).toEqual([expect.stringMatching(/^Inbound: Received DISCONNECT \(11, /)]);
  });
});

/**
 * A poison delivery (issue 41, defect 1): one whose processing ends the process every time. Here
 * the real server is killed (kill -9) while it works on the delivery, and started again, as a
 * supervisor would, over and over: after DELIVERY_MAX_ATTEMPTS claims the next process gives the
 * delivery up as `failed`, saying processing was interrupted that many times, instead of claiming
 * it again forever; the delivery queued behind it is done, and no scratch folder is left. A
 * delivery that fails on an error of ours (here the store's folder of batches is not a folder) is
 * tried again after a pause, then failed saying so, its upload's parts and scratch files removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { albumZip, audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';
import { waitFor } from '../../test/support/sftp-client.js';

describe.each(backends())('poison deliveries ($name)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.create(backend, { DELIVERY_LEASE_MS: '1500', DELIVERY_POLL_MS: '100', DELIVERY_MAX_ATTEMPTS: '2' });
  });
  afterAll(() => server?.stop());

  it('gives a delivery up after it was interrupted DELIVERY_MAX_ATTEMPTS times, and goes on with the next', async () => {
    // Each process pauses in `importing`, where it is killed.
    const pausing = { DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: '60000' };
    await server.start(pausing);
    const account = await setUpAccount(server);
    const poison = await deliver(server, account.key, audioMessage({ title: 'Poison' }).xml, { contentType: 'application/xml' });
    for (let kill = 1; kill <= 2; kill++) {
      // Killed once this process holds it (after a kill its status stays `importing` until the next claim).
      await waitFor(`the claim ${kill} of the delivery`, async () => fs.readFileSync(server.logFile, 'utf8').includes('delivery paused before its import'));
      await server.crash();
      await server.start(pausing);
    }
    // The third claim gives it up before any work, so this process too may pause in importing.
    const failed = await waitForDelivery(server, account.key, poison.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Processing was interrupted 2 times/), items: [] });

    await server.stopProcess();
    await server.start();
    const next = await deliver(server, account.key, new Uint8Array((await albumZip()).zip), { contentType: 'application/zip' });
    expect(await waitForDelivery(server, account.key, next.id)).toMatchObject({ status: 'done', created_count: 1 });
    // Still failed, not claimed again by the new process.
    expect(await waitForDelivery(server, account.key, poison.id)).toMatchObject({ status: 'failed', error: failed.error });
    expect(fs.readdirSync(path.join(server.dataDir, 'blobs/tmp'))).toEqual([]);
  });

  it('fails a delivery whose processing throws at every attempt, saying so, and drops its upload', async () => {
    await server.stopProcess();
    await server.start({ DELIVERY_WORKER: '0' });
    const account = await setUpAccount(server);
    const { zip } = await albumZip();
    const api = (method: string, p: string, body?: unknown) =>
      server.fetch(`/v1${p}`, { method, headers: { ...bearer(account.key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const upload = (await (await api('POST', '/ddex/uploads', { name: 'unlucky.zip', size: zip.length })).json()).data;
    expect((await fetch(upload.upload.url, { method: 'PUT', body: new Uint8Array(zip) })).status).toBe(200);
    const commit = await api('POST', `/ddex/uploads/${upload.id}/commit`);
    expect(commit.status).toBe(202);
    const id = (await commit.json()).data.id;
    // The joined batch cannot be stored: the store's folder of the day's batches is a file now
    // (today's and tomorrow's, should the test run over midnight UTC).
    const days = [0, 86_400_000].map((ms) => path.join(server.dataDir, 'blobs/batches', new Date(Date.now() + ms).toISOString().slice(0, 10)));
    for (const day of days) {
      fs.rmSync(day, { recursive: true, force: true });
      fs.writeFileSync(day, 'not a folder');
    }
    try {
      await server.stopProcess();
      await server.start();
      const failed = await waitForDelivery(server, account.key, id);
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The batch could not be processed: an error on our side \(ENOTDIR\) at each of 2 attempts; it was not imported\./) });
      expect(server.running).toBe(true);
      // The parts go just after the delivery is failed: wait for them to.
      const parts = path.join(server.dataDir, 'blobs/uploads', String(upload.id));
      for (let i = 0; i < 100 && fs.existsSync(parts); i++) await new Promise((r) => setTimeout(r, 50));
      expect(fs.existsSync(parts)).toBe(false);
      expect(fs.readdirSync(path.join(server.dataDir, 'blobs/tmp'))).toEqual([]);
    } finally {
      for (const day of days) fs.rmSync(day, { force: true });
    }
  });
});

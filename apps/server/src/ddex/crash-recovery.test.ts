/**
 * kill -9 of the server while it processes a delivery: after a restart the delivery finishes, with
 * nothing lost (a second delivery queued behind it also finishes) and nothing duplicated (one
 * release, one item, one set of recordings). The dead worker's lease runs out and the job is claimed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { albumZip, audioMessage } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

describe.each(backends())('crash recovery ($name)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // Short lease, and a pause in `importing` so the kill lands mid-processing.
    server = await TestServer.create(backend, { DELIVERY_LEASE_MS: '1500', DELIVERY_POLL_MS: '100' });
    await server.start({ DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: '60000' });
  });
  afterAll(() => server?.stop());

  it('finishes a delivery interrupted by kill -9, once, and the one queued behind it', async () => {
    const account = await setUpAccount(server);
    const first = audioMessage({ title: 'Interrupted' });
    const second = await albumZip();
    const a = await deliver(server, account.key, first.xml, { contentType: 'application/xml' });
    const b = await deliver(server, account.key, new Uint8Array(second.zip), { contentType: 'application/zip' });
    const stuck = await waitForDelivery(server, account.key, a.id, (s) => s === 'importing');
    expect(stuck.started_at).not.toBeNull();
    expect(stuck.finished_at).toBeNull();
    await server.crash();

    await server.start({ DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: undefined });
    const doneA = await waitForDelivery(server, account.key, a.id);
    const doneB = await waitForDelivery(server, account.key, b.id);
    expect(doneA).toMatchObject({ status: 'done', created_count: 1, updated_count: 0, release_count: 1, track_count: 21 });
    expect(doneA.started_at).toBe(stuck.started_at);
    expect(doneA.items).toEqual([expect.objectContaining({ upc: first.upc, outcome: 'created' })]);
    expect(doneB).toMatchObject({ status: 'done', created_count: 1 });

    const releases = await server.admin<{ upc: string }[]>('release', 'list', '--member', String(account.ownMemberId));
    expect(releases.map((r) => r.upc).sort()).toEqual([first.upc, second.upc].sort());
    const recordings = await server.admin<{ isrc: string }[]>('recordings', '--member', String(account.ownMemberId));
    expect(recordings).toHaveLength(21 + 2);
    expect(new Set(recordings.map((r) => r.isrc)).size).toBe(23);
  });
});

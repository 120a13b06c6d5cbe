/**
 * Migration 0014 (one queue) on a database as the release before left it: deliveries queued or in
 * progress on the old delivery queue (with their stored batches, a dead worker's lease, claims so
 * far) each get their `ddex.delivery` job, and the new server finishes them; one that had used up
 * its claims is given up saying so; a finished one is left alone.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { backends, TestServer } from '../../test/support/server-process.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { waitForDelivery } from '../../test/support/deliveries.js';
import { dbConfigFrom, openDb } from '../db/connect.js';
import { migrateTo } from '../db/migrations/index.js';
import { LocalBlobStore } from '../blob/local-blob-store.js';

describe.each(backends())('deliveries across the one-queue migration ($name)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.create(backend, { DELIVERY_POLL_MS: '100' });
  });
  afterAll(() => server?.stop());

  it('finishes the deliveries the old queue had queued or in progress, with their claims so far', async () => {
    const old = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
    const db = old.db as unknown as Kysely<any>;
    await migrateTo(db, old.dialect, '0012_uploads_store');
    const at = new Date(Date.now() - 60_000).toISOString();
    const account = await db.insertInto('accounts').values({ name: 'Before', email: 'before@partner.test', plan: 'enterprise', active: 1, rate_per_minute: null, created_at: at }).returning('id').executeTakeFirstOrThrow();
    const member = await db
      .insertInto('members')
      .values({ account_id: account.id, email: 'own@partner.test', name: 'Before', kind: 'label', status: 'active', is_own: 1, created_at: at, last_login_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blobs = new LocalBlobStore(server.dataDir);
    // status, claims so far, lease: a dead worker's (expired) or a live-looking one (the migration takes it over either way).
    const states = [
      { name: 'queued', status: 'queued', attempts: 0, lease: null, worker: null },
      { name: 'parsing', status: 'parsing', attempts: 1, lease: new Date(Date.now() - 5_000).toISOString(), worker: 'old-host:1:dead' },
      { name: 'validating', status: 'validating', attempts: 1, lease: new Date(Date.now() + 3_600_000).toISOString(), worker: 'old-host:2:gone' },
      { name: 'importing', status: 'importing', attempts: 2, lease: new Date(Date.now() - 5_000).toISOString(), worker: 'old-host:3:dead' },
      { name: 'spent', status: 'importing', attempts: 3, lease: new Date(Date.now() - 5_000).toISOString(), worker: 'old-host:4:dead' },
      { name: 'finished', status: 'done', attempts: 1, lease: null, worker: null },
    ];
    const ids: Record<string, number> = {};
    for (const s of states) {
      const { zip } = await albumZip();
      const temp = blobs.tempPath(`${s.name}.zip`);
      fs.writeFileSync(temp, zip);
      const key = await blobs.putFile(temp, `${s.name}.zip`);
      const row = await db
        .insertInto('deliveries')
        .values({
          account_id: account.id,
          member_id: member.id,
          batch_name: `${s.name}.zip`,
          blob_key: key,
          size_bytes: zip.length,
          status: s.status,
          created_at: at,
          started_at: s.status === 'queued' ? null : at,
          finished_at: s.status === 'done' ? at : null,
          worker_id: s.worker,
          lease_expires_at: s.lease,
          attempts: s.attempts,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[s.name] = row.id;
    }
    await old.close();

    await server.start();
    const key = (await server.admin<{ key: string }>('key', 'create', '--account', String(account.id), '--name', 'after', '--scopes', 'ddex:write')).key;
    for (const name of ['queued', 'parsing', 'validating', 'importing']) {
      expect(await waitForDelivery(server, key, ids[name]), name).toMatchObject({ status: 'done', created_count: 1, batch_name: `${name}.zip` });
    }
    // Started before: its start is kept.
    expect((await waitForDelivery(server, key, ids.importing)).started_at).toBe(at);
    expect(await waitForDelivery(server, key, ids.spent)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Processing was interrupted 3 times/), items: [] });
    expect(await waitForDelivery(server, key, ids.finished)).toMatchObject({ status: 'done', finished_at: at });

    const after = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
    try {
      const read = () => after.db.selectFrom('jobs').select(['payload', 'status', 'attempts', 'last_error']).where('kind', '=', 'ddex.delivery').orderBy('id').execute();
      // A job is marked done just after its delivery's import commits.
      let jobs = await read();
      for (let i = 0; i < 100 && jobs.some((j) => j.status === 'queued' || j.status === 'running'); i++) {
        await new Promise((r) => setTimeout(r, 100));
        jobs = await read();
      }
      expect(jobs.map((j) => ({ ...j, payload: JSON.parse(j.payload) }))).toEqual([
        { payload: { deliveryId: ids.queued }, status: 'done', attempts: 1, last_error: null },
        { payload: { deliveryId: ids.parsing }, status: 'done', attempts: 2, last_error: null },
        { payload: { deliveryId: ids.validating }, status: 'done', attempts: 2, last_error: null },
        { payload: { deliveryId: ids.importing }, status: 'done', attempts: 3, last_error: null },
        { payload: { deliveryId: ids.spent }, status: 'failed', attempts: 4, last_error: expect.stringMatching(/^given up: the process running it stopped 3 times/) },
      ]);
      // The old queue's lease columns are gone.
      const columns = await after.db.introspection.getTables();
      const deliveries = columns.find((t) => t.name === 'deliveries')!.columns.map((c) => c.name);
      expect(deliveries).toContain('worker_id');
      expect(deliveries).not.toContain('lease_expires_at');
      expect(deliveries).not.toContain('attempts');
    } finally {
      await after.close();
    }
  });
});

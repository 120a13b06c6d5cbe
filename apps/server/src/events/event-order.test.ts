/**
 * Events become visible in `seq` order (events/emit.ts), which readers moving a cursor rely on (the
 * webhooks' fan-out, the dashboard's feed). Two pools on one database stand for two processes: one
 * transaction writes an event and stays open; another writes an event and commits. Until the first
 * commits, no reader may see the second's event, whose `seq` is higher: a fan-out reading it would
 * move its cursor past the first's, which would then never be sent. On PostgreSQL the second waits
 * for the first (the lost webhooks of the scale proof). On PostgreSQL only: SQLite commits one
 * transaction at a time (and a second connection in this thread would wait for the first in a busy
 * loop that blocks the thread holding the first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshDatabase } from '../../test/support/server-process.js';
import { openDb, openMigratedDb, type OpenDb } from '../db/connect.js';
import { emitEvent } from './emit.js';

const data = (id: number) => ({ delivery: { id, status: 'queued', batch_name: 'b.zip', member_id: 1, error: null, release_count: 0, created_count: 0, updated_count: 0, flagged_count: 0, left_out_count: 0, release_ids: [] } });

const postgres = backends().find((b) => b.name === 'postgres');

describe.skipIf(!postgres)('event order on PostgreSQL', () => {
  const backend = postgres!;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let first: OpenDb;
  let second: OpenDb;
  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    first = await openMigratedDb(fresh.config);
    second = openDb(fresh.config);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fresh?.drop();
  });

  it('never shows an event before one with a lower seq that is not committed yet', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const open = first.db.transaction().execute(async (trx) => {
      await emitEvent(trx, { accountId: 1, type: 'ddex.delivery.queued', data: data(1) });
      written();
      await gate;
    });
    await wrote;
    let secondDone = false;
    const later = second.db
      .transaction()
      .execute((trx) => emitEvent(trx, { accountId: 1, type: 'ddex.delivery.queued', data: data(2) }))
      .then(() => (secondDone = true));
    await new Promise((r) => setTimeout(r, 700));
    // A reader (the fan-out, the feed) sees nothing yet, or only in seq order.
    const visible = await second.db.selectFrom('events').select(['seq', 'data']).orderBy('seq').execute().catch(() => []);
    expect(visible.map((e) => JSON.parse(e.data).delivery.id)).toEqual([]);
    expect(secondDone).toBe(false);
    release();
    await Promise.all([open, later]);
    const all = await first.db.selectFrom('events').select(['seq', 'data']).orderBy('seq').execute();
    expect(all.map((e) => JSON.parse(e.data).delivery.id)).toEqual([1, 2]);
  });
});

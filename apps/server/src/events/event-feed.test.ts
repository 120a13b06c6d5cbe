/**
 * The dashboard's live feed of the outbox (events/event-feed.ts): a subscriber gets its account's
 * new events, in order, and never another account's; one subscribed after an event's `seq` still
 * gets what came after it; sign-out (closeOwner) and stop end the streams. On PostgreSQL the feed
 * looks only when told (its own tail is set to 10 minutes here), so an event written through
 * another connection pool (as a worker in another process writes it) arriving proves NOTIFY at
 * commit reaches it, also after its LISTEN connection was cut.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshDatabase } from '../../test/support/server-process.js';
import { openDb, openMigratedDb, type OpenDb } from '../db/connect.js';
import { emitEvent } from './emit.js';
import { EventFeed, type FeedEvent } from './event-feed.js';

const log = { warn: () => undefined, error: () => undefined };

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
}

const delivery = (id: number, status: string) => ({ delivery: { id, status, batch_name: 'b.zip', member_id: 1, error: null, release_count: 1, created_count: 0, updated_count: 0, flagged_count: 0, left_out_count: 0, release_ids: [] } });

describe.each(backends())('event feed ($name)', (backend) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let api: OpenDb;
  /** Another pool on the same database: the writes of "another process". */
  let worker: OpenDb;
  let feed: EventFeed;
  const postgres = backend.name === 'postgres';

  beforeAll(async () => {
    fresh = await freshDatabase(backend);
    api = await openMigratedDb(fresh.config);
    worker = openDb(fresh.config);
    feed = new EventFeed({ db: api.db, dialect: api.dialect, listenUrl: postgres ? fresh.config.location : undefined, log, tailMs: postgres ? 600_000 : 50 });
    feed.start();
  });
  afterAll(async () => {
    await feed?.stop();
    await worker?.close();
    await api?.close();
    await fresh?.drop();
  });

  it('hands each subscriber its account\'s events written elsewhere, from its seq on, and ends on sign-out and stop', async () => {
    const seen: Record<string, FeedEvent[]> = { a: [], b: [], late: [] };
    const closed: string[] = [];
    const emit = (accountId: number, id: number, status: string) =>
      worker.db.transaction().execute((trx) => emitEvent(trx, { accountId, type: `ddex.delivery.${status}`, data: delivery(id, status) }));
    const subscribe = (name: string, accountId: number, after: number, owner = name) =>
      feed.subscribe({ accountId, owner, after, types: (t) => t.startsWith('ddex.delivery.'), onEvent: (e) => seen[name].push(e), onClose: () => closed.push(name) });

    const after1 = await feed.lastSeq(1);
    subscribe('a', 1, after1, 'session:7');
    subscribe('b', 2, await feed.lastSeq(2));
    if (postgres) await until(() => (feed as unknown as { listener: { listening: boolean } }).listener.listening);

    await emit(1, 10, 'queued');
    await emit(2, 20, 'queued');
    await emit(1, 10, 'done');
    await until(() => seen.a.length === 2 && seen.b.length === 1);
    expect(seen.a.map((e) => [e.account_id, e.type, (e.data as ReturnType<typeof delivery>).delivery.id])).toEqual([
      [1, 'ddex.delivery.queued', 10],
      [1, 'ddex.delivery.done', 10],
    ]);
    expect(seen.b.map((e) => [e.account_id, e.type])).toEqual([[2, 'ddex.delivery.queued']]);
    expect(seen.a[0].seq).toBeLessThan(seen.a[1].seq);

    // Subscribed after the page rendered (seq `after1`): both events since then are caught up.
    subscribe('late', 1, after1);
    await until(() => seen.late.length === 2);
    expect(seen.late.map((e) => e.seq)).toEqual(seen.a.map((e) => e.seq));

    if (postgres) {
      // The LISTEN connection is cut: the feed reconnects and looks again, and NOTIFY reaches it.
      const admin = new pg.Client({ connectionString: fresh.config.location });
      await admin.connect();
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ddex-server event feed' and datname = current_database()`);
      await admin.end();
      await new Promise((r) => setTimeout(r, 300));
      await until(() => (feed as unknown as { listener: { listening: boolean } }).listener.listening);
    }
    await emit(1, 11, 'failed');
    await until(() => seen.a.length === 3);
    expect(seen.a[2].type).toBe('ddex.delivery.failed');

    // Sign-out of session 7 ends its stream only.
    expect(feed.closeOwner('session:7')).toBe(1);
    expect(closed).toEqual(['a']);
    await emit(1, 12, 'queued');
    await until(() => seen.late.length === 4);
    expect(seen.a).toHaveLength(3);

    await feed.stop();
    expect(closed.sort()).toEqual(['a', 'b', 'late']);
    expect(feed.size).toBe(0);
  }, 60_000);
});

/**
 * Live events for the dashboard (a delivery's status changing while a person watches): the outbox
 * (`events`) is tailed by `seq` for the accounts someone in this process is watching, and each new
 * event is handed to that account's subscribers. Nothing is kept in memory that the table does not
 * have: a subscriber says the last `seq` it has seen and gets everything after it, so an event
 * written between a page's render and its stream opening is not lost.
 *
 * Who wakes the tail: on PostgreSQL a trigger notifies `ddex_events` with the account at commit
 * (migration 0017), from whichever process wrote the event (a worker in another process), and one
 * LISTEN connection per process hears it (db/pg-listener.ts); while that connection is down, and
 * on SQLite (one process), the tail looks every `tailMs` while anyone is subscribed, and never
 * when no one is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/dialect.js';
import { PgListener, type PgListenerLog } from '../db/pg-listener.js';
import { envelopeOf, type EventEnvelope } from './emit.js';
import './tables.js';

export const EVENTS_CHANNEL = 'ddex_events';

export type FeedEvent = EventEnvelope & { seq: number };

export interface FeedSubscription {
  readonly accountId: number;
  /** Who opened it (a session id), so a sign-out can end its streams. */
  readonly owner: string;
  close(): void;
}

interface Subscriber extends FeedSubscription {
  after: number;
  types: (type: string) => boolean;
  onEvent(event: FeedEvent): void;
  onClose(): void;
}

export interface EventFeedOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL connection string (LISTEN); absent on SQLite. */
  listenUrl?: string;
  log: PgListenerLog & { error(obj: object, msg: string): void };
  /** How often the tail looks without a listener (SQLite, or PostgreSQL while its connection is down). */
  tailMs?: number;
}

/** Events read per look; more are read by the next look at once. */
const BATCH = 500;

export class EventFeed {
  private readonly subscribers = new Set<Subscriber>();
  private listener: PgListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private again = false;
  private stopped = false;

  constructor(private readonly o: EventFeedOptions) {}

  start(): void {
    if (!this.o.listenUrl) return;
    this.listener = new PgListener({
      url: this.o.listenUrl,
      channel: EVENTS_CHANNEL,
      name: 'event feed',
      log: this.o.log,
      onNotify: (account) => {
        if ([...this.subscribers].some((s) => String(s.accountId) === account)) this.wake();
      },
      onListening: () => this.wake(),
    });
    this.listener.start();
  }

  /** The newest event's `seq` of the account (0 when none): a page renders, then subscribes after it. */
  async lastSeq(accountId: number): Promise<number> {
    const row = await this.o.db.selectFrom('events').select((eb) => eb.fn.max('seq').as('seq')).where('account_id', '=', accountId).executeTakeFirst();
    return Number(row?.seq ?? 0);
  }

  /** Hands the account's events after `after` (of the `types` wanted) to `onEvent`, until closed. */
  subscribe(o: { accountId: number; owner: string; after: number; types: (type: string) => boolean; onEvent(event: FeedEvent): void; onClose(): void }): FeedSubscription {
    if (this.stopped) {
      o.onClose();
      return { accountId: o.accountId, owner: o.owner, close: () => undefined };
    }
    const sub: Subscriber = {
      ...o,
      close: () => {
        if (!this.subscribers.delete(sub)) return;
        sub.onClose();
        if (this.subscribers.size === 0) this.disarm();
      },
    };
    this.subscribers.add(sub);
    this.wake();
    return sub;
  }

  /** Ends the streams of an owner (its session was signed out or revoked). */
  closeOwner(owner: string): number {
    const mine = [...this.subscribers].filter((s) => s.owner === owner);
    for (const s of mine) s.close();
    return mine.length;
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Ends every stream (the server is stopping) and the LISTEN connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.disarm();
    for (const s of [...this.subscribers]) s.close();
    await this.listener?.stop();
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    void this.read()
      .catch((err) => this.o.log.error({ err }, 'event feed could not read the outbox; looking again shortly'))
      .finally(() => {
        this.reading = false;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.arm();
      });
  }

  private async read(): Promise<void> {
    for (;;) {
      const subs = [...this.subscribers];
      if (subs.length === 0) return;
      const after = Math.min(...subs.map((s) => s.after));
      const accounts = [...new Set(subs.map((s) => s.accountId))];
      const rows = await this.o.db.selectFrom('events').selectAll().where('seq', '>', after).where('account_id', 'in', accounts).orderBy('seq').limit(BATCH).execute();
      for (const row of rows) {
        const event: FeedEvent = { ...envelopeOf(row), seq: Number(row.seq) };
        for (const s of subs) {
          if (s.accountId !== event.account_id || event.seq <= s.after || !this.subscribers.has(s)) continue;
          s.after = event.seq;
          if (s.types(event.type)) s.onEvent(event);
        }
      }
      // Every event of these accounts up to the batch's last seq was in it (ordered by seq), so
      // each subscriber has seen up to there, even one with nothing of its account in the batch.
      const end = rows.length ? Number(rows[rows.length - 1].seq) : null;
      if (end !== null) for (const s of subs) s.after = Math.max(s.after, end);
      if (rows.length < BATCH) return;
    }
  }

  /** The tail's timer: only while someone is subscribed and no listener tells this process of new events. */
  private arm(): void {
    if (this.stopped || this.timer || this.subscribers.size === 0 || this.listener?.listening) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, this.o.tailMs ?? 500);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

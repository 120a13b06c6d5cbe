/**
 * One PostgreSQL connection of this process LISTENing on a channel: a trigger notifies the channel
 * at commit, from whichever process wrote the row, and `onNotify` hears it here. While the
 * connection is up `listening` is true; when it drops (a restart, a failover, pg_terminate_backend)
 * it is false, so the user falls back to looking on its own, and it reconnects with a growing pause.
 * Used by the job queue (`ddex_jobs`) and the dashboard's event feed (`ddex_events`).
 */
import { createRequire } from 'node:module';
import type { Client } from 'pg';

export interface PgListenerLog {
  warn(obj: object, msg: string): void;
}

export interface PgListenerOptions {
  /** The PostgreSQL connection string. */
  url: string;
  channel: string;
  /** Names the connection in pg_stat_activity and the log: `job listener`. */
  name: string;
  log: PgListenerLog;
  onNotify: (payload: string) => void;
  /** LISTEN is (again) in place: rows written while it was not were not told, so look for them. */
  onListening: () => void;
}

const require = createRequire(import.meta.url);

export class PgListener {
  private client: Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private pauseMs = 500;
  listening = false;

  constructor(private readonly o: PgListenerOptions) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.listening = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const pg = require('pg') as typeof import('pg');
    const client = new pg.Client({ connectionString: this.o.url, keepAlive: true, application_name: `ddex-server ${this.o.name}` });
    this.client = client;
    const lost = (error: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.o.log.warn({ err: error, retryInMs: this.pauseMs }, `${this.o.name} lost its connection; looking on its own until it is back`);
      this.retry = setTimeout(() => void this.connect(), this.pauseMs);
      this.pauseMs = Math.min(30_000, this.pauseMs * 2);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === this.o.channel) this.o.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.o.channel}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (this.client !== client) return;
    this.listening = true;
    this.pauseMs = 500;
    this.o.onListening();
  }
}

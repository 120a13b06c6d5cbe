/**
 * On PostgreSQL, a worker process keeps one connection of its own LISTENing on `ddex_jobs`: every
 * new job notifies it at commit with the job's kind (a trigger, migration 0014), from whichever
 * process enqueued it, and the lane of that kind looks at once. While the connection is up the idle
 * poll can be slow; when it drops (a restart, a failover, pg_terminate_backend) `listening` is false,
 * so the runner polls at the short interval again, and it reconnects with a growing pause.
 */
import { createRequire } from 'node:module';
import type { Client } from 'pg';
import type { JobLog } from './job-log.js';

export const JOBS_CHANNEL = 'ddex_jobs';

export interface JobListenerOptions {
  /** The PostgreSQL connection string. */
  url: string;
  log: JobLog;
  /** A job of this kind was added. */
  onJob: (kind: string) => void;
  /** LISTEN is (again) in place: jobs added while it was not were not told, so look for them. */
  onListening: () => void;
}

const require = createRequire(import.meta.url);

export class JobListener {
  private client: Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private pauseMs = 500;
  listening = false;

  constructor(private readonly o: JobListenerOptions) {}

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
    const pg = require('pg') as typeof import('pg');
    const client = new pg.Client({ connectionString: this.o.url, keepAlive: true, application_name: 'ddex-server job listener' });
    this.client = client;
    const lost = (error: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.o.log.warn({ err: error, retryInMs: this.pauseMs }, 'job listener lost its connection; polling at the short interval until it is back');
      this.retry = setTimeout(() => void this.connect(), this.pauseMs);
      this.pauseMs = Math.min(30_000, this.pauseMs * 2);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === JOBS_CHANNEL) this.o.onJob(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
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

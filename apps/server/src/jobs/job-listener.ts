/**
 * On PostgreSQL, a worker process keeps one connection of its own LISTENing on `ddex_jobs`: every
 * new job notifies it at commit with the job's kind (a trigger, migration 0014), from whichever
 * process enqueued it, and the lane of that kind looks at once. While the connection is up the idle
 * poll can be slow; when it drops `listening` is false, so the runner polls at the short interval
 * again (db/pg-listener.ts reconnects with a growing pause).
 */
import { PgListener } from '../db/pg-listener.js';
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

export class JobListener extends PgListener {
  constructor(o: JobListenerOptions) {
    super({ url: o.url, channel: JOBS_CHANNEL, name: 'job listener', log: o.log, onNotify: o.onJob, onListening: o.onListening });
  }
}

/** The jobs table's row type, added to the server's `Database` (each capability declares its own tables). */
import type { Generated } from 'kysely';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: Generated<number>;
  /** Which handler runs it (`retention.uploads`, `webhook.attempt`, ...). */
  kind: string;
  /** JSON of the handler's input. */
  payload: string;
  status: JobStatus;
  /** Not before this instant (ISO). */
  run_at: string;
  /** Claims so far; a job claimed `max_attempts` times and still failing is `failed`. */
  attempts: number;
  max_attempts: number;
  worker_id: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  /** Unique while the job is queued or running (null once finished): one job per key. */
  dedupe_key: string | null;
  created_at: string;
  finished_at: string | null;
}

declare module '../db/schema.js' {
  interface Database {
    jobs: JobTable;
  }
}

/**
 * Liveness and readiness. Live: the process answers (its event loop turns). Ready: it can do its
 * work now: the database answers, every migration this version knows is applied, the blob store
 * answers, and the process is not shutting down (a draining process says so, so a load balancer
 * stops sending it requests before it closes). Each check is bounded: a hung database makes the
 * answer "not ready", never a hung probe.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import type { BlobStore } from '../blob/blob-store.js';
import { pendingMigrations } from '../db/migrations/index.js';

export interface ReadinessSources {
  db: Kysely<Database>;
  dialect: Dialect;
  blobs: BlobStore;
  /** True once SIGTERM was received. */
  draining: () => boolean;
}

export interface Readiness {
  ready: boolean;
  checks: { database: string; migrations: string; blobs: string; shutdown: string };
}

const CHECK_TIMEOUT_MS = 3_000;

async function bounded(what: string, work: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`), CHECK_TIMEOUT_MS)));
  try {
    // Only the error's first line: a driver's message names hosts, never credentials, but is long.
    return await Promise.race([work().catch((error: unknown) => `${what} failed: ${String((error as Error)?.message ?? error).split('\n')[0].slice(0, 200)}`), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(s: ReadinessSources): Promise<Readiness> {
  const [database, migrations, blobs] = await Promise.all([
    bounded('the database', async () => {
      await sql`select 1`.execute(s.db);
      return 'ok';
    }),
    bounded('the migration check', async () => {
      const pending = await pendingMigrations(s.db as Kysely<any>, s.dialect);
      return pending.length ? `not applied: ${pending.join(', ')}` : 'ok';
    }),
    bounded('the blob store', async () => {
      await s.blobs.check();
      return 'ok';
    }),
  ]);
  const shutdown = s.draining() ? 'shutting down' : 'ok';
  const checks = { database, migrations, blobs, shutdown };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}

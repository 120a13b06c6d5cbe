/**
 * What a completed upload means, decided when the client closes a written file (or renames one
 * into place): a marker in `/production/<batch>/` seals the batch and queues its import; a marker in
 * `/test/<batch>/`, or a whole `/test/<file>.xml|.zip`, seals it and queues its dry run; anything
 * else at the top of `/test` is a connection test, recorded as connection activity like GET /ping.
 * The seal (a `received` row) and its job are written in one transaction, so a batch is queued once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { nowIso } from '../clock.js';
import { isMarkerName, isTestableFile, type Area, type InboxPath } from './inbox-tree.js';
import './tables.js';

export const PRODUCTION_JOB = 'sftp.production';
export const TEST_JOB = 'sftp.test';

export interface Uploader {
  accountId: number;
  address: string;
  /** The client's SSH software string (`SSH-2.0-OpenSSH_9.2p1 …`). */
  software: string;
}

export type Arrival = 'production_batch' | 'test_batch' | 'test_file' | 'connection_test' | 'part_of_batch' | 'already_sealed';

/** Whether the batch folder `name` of `area` has its marker and waits for its import or dry run. */
export async function isSealed(db: Kysely<Database>, accountId: number, area: Area, name: string): Promise<boolean> {
  const row = await db.selectFrom('sftp_batches').select('id').where('account_id', '=', accountId).where('area', '=', area).where('name', '=', name).where('status', '=', 'received').executeTakeFirst();
  return Boolean(row);
}

/** A processed `/production` batch whose folder is still kept (read-only, with its acknowledgements), or undefined. */
export async function keptBatch(db: Kysely<Database>, accountId: number, name: string) {
  return db
    .selectFrom('sftp_batches')
    .select(['id', 'finished_at', 'acknowledged_at', 'delivery_id'])
    .where('account_id', '=', accountId)
    .where('area', '=', 'production')
    .where('name', '=', name)
    .where('status', 'in', ['queued', 'failed'])
    .where('folder_removed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The kept batch's folder is gone (removed by hand, or retention died before saying so): its name is free. */
export async function keptFolderGone(db: Kysely<Database>, batchId: number): Promise<void> {
  await db.updateTable('sftp_batches').set({ folder_removed_at: nowIso() }).where('id', '=', batchId).where('folder_removed_at', 'is', null).execute();
}

async function seal(db: Kysely<Database>, who: Uploader, area: Area, name: string, kind: 'folder' | 'file', marker: string | null): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const pending = await trx.selectFrom('sftp_batches').select('id').where('account_id', '=', who.accountId).where('area', '=', area).where('name', '=', name).where('status', '=', 'received').executeTakeFirst();
    if (pending) return false;
    const row = await trx
      .insertInto('sftp_batches')
      .values({ account_id: who.accountId, area, name, kind, marker, status: 'received', delivery_id: null, test_report_id: null, error: null, size_bytes: null, created_at: nowIso(), finished_at: null, acknowledged_at: null, folder_removed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, { kind: area === 'production' ? PRODUCTION_JOB : TEST_JOB, payload: { batchId: row.id }, dedupeKey: `sftp-batch:${row.id}`, maxAttempts: 3 });
    return true;
  });
}

/** Called once a file at `p` is complete. */
export async function fileArrived(db: Kysely<Database>, who: Uploader, p: InboxPath & { kind: 'entry' }): Promise<Arrival> {
  const [first, second] = p.parts;
  if (p.parts.length === 2 && isMarkerName(second)) {
    const sealed = await seal(db, who, p.area, first, 'folder', second);
    return sealed ? (p.area === 'production' ? 'production_batch' : 'test_batch') : 'already_sealed';
  }
  if (p.area === 'test' && p.parts.length === 1) {
    if (isTestableFile(first)) return (await seal(db, who, 'test', first, 'file', null)) ? 'test_file' : 'already_sealed';
    await db
      .insertInto('connection_activity')
      // key_id 0: no API key was used (the column predates SFTP; the kind tells the two apart).
      .values({ account_id: who.accountId, key_id: 0, kind: 'sftp_connection_test', ip: who.address, user_agent: `${who.software} (${first})`.slice(0, 300), at: nowIso() })
      .execute();
    return 'connection_test';
  }
  return 'part_of_batch';
}

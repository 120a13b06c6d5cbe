/**
 * Which files of a batch folder are being written, in whichever sftp process holds them open
 * (`sftp_open_files`). A file opened before its batch's marker arrived and still open then is not
 * part of the batch: the import or dry run zips the folder without it, and its CLOSE removes it.
 * A row is written before the file is opened (so a marker sealing the batch in between either
 * refuses the open or sees the row) and removed once its handle is closed. A process that died
 * with files open leaves rows behind: those half-written files stay out of their batch, and the
 * next close of the same path, or the batch's own job, clears them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import type { Area, InboxPath } from './inbox-tree.js';
import './tables.js';

type Entry = InboxPath & { kind: 'entry' };

/** Where `p` sits in a batch folder, or null for a top-level entry (a /test file, a folder itself). */
function inBatch(p: Entry): { area: Area; batch: string; rel: string } | null {
  return p.parts.length >= 2 ? { area: p.area, batch: p.parts[0]!, rel: p.parts.slice(1).join('/') } : null;
}

/** Records that a session is about to open `p` for writing; the row's id, or null outside a batch folder. */
export async function openingForWrite(db: Kysely<Database>, accountId: number, p: Entry): Promise<number | null> {
  const where = inBatch(p);
  if (!where) return null;
  const row = await db
    .insertInto('sftp_open_files')
    .values({ account_id: accountId, area: where.area, batch: where.batch, rel_path: where.rel, opened_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The handle of row `id` is closed: its row goes, and any older row of the same path (left by a process that died). */
export async function closedForWrite(db: Kysely<Database>, accountId: number, p: Entry, id: number | null): Promise<void> {
  const where = inBatch(p);
  if (id === null || !where) return;
  await db
    .deleteFrom('sftp_open_files')
    .where('account_id', '=', accountId)
    .where('area', '=', where.area)
    .where('batch', '=', where.batch)
    .where('rel_path', '=', where.rel)
    .where('id', '<=', id)
    .execute();
}

/** Paths (relative to the folder) of the batch's files open for writing now. */
export async function openFilesOf(db: Kysely<Database>, accountId: number, area: Area, batch: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sftp_open_files').select('rel_path').where('account_id', '=', accountId).where('area', '=', area).where('batch', '=', batch).execute();
  return new Set(rows.map((r) => r.rel_path));
}

/** Whether a file of the batch folder was opened for writing since `sinceMs` (server clock) and is open still. */
export async function openSince(db: Kysely<Database>, accountId: number, area: Area, batch: string, sinceMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('sftp_open_files')
    .select('id')
    .where('account_id', '=', accountId)
    .where('area', '=', area)
    .where('batch', '=', batch)
    .where('opened_at', '>=', new Date(sinceMs).toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

/** The batch's job has run: rows of files left open then are of no further use (their CLOSE finds the batch taken). */
export async function forgetOpenFiles(db: Kysely<Database>, accountId: number, area: Area, batch: string, paths: Set<string>): Promise<void> {
  if (paths.size === 0) return;
  await db.deleteFrom('sftp_open_files').where('account_id', '=', accountId).where('area', '=', area).where('batch', '=', batch).where('rel_path', 'in', [...paths]).execute();
}

/**
 * The inbox's retention sweep (spec 1, 8), a recurring job: a `/production` folder that never got
 * its marker is removed 7 days after its last change, a processed one (kept read-only with its
 * acknowledgements) 7 days after its acknowledgements were written; everything at the top of
 * `/test` (batches, reports, connection test files) 7 days after its last change. Folders whose
 * marker arrived and whose work or acknowledgements are still pending are left alone, and so are
 * folders with a file being written. Times come from the server's clock (tests move it).
 * Scratch files older than a day (left by a process that died mid-write) go too.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { JobHandler } from '../jobs/job-runner.js';
import { nowMs } from '../clock.js';
import { InboxTree, type Area } from './inbox-tree.js';
import { isSealed, keptBatch, keptFolderGone } from './arrivals.js';
import { openSince } from './open-files.js';

export const SFTP_RETENTION_DAYS = 7;
export const SFTP_RETENTION_JOB = 'sftp.retention';

/** The newest modification time of a file or folder and everything inside it. */
async function lastChangeMs(target: string): Promise<number> {
  const s = await fsp.lstat(target);
  let newest = s.mtimeMs;
  if (s.isDirectory()) {
    for (const name of await fsp.readdir(target)) newest = Math.max(newest, await lastChangeMs(path.join(target, name)).catch(() => 0));
  }
  return newest;
}

/**
 * Whether nothing in the top entry `target` changed since `before`. Its files' times are set on the
 * server's clock when they close (and folders' when made), but while a file is being written its
 * times, and its folder's, are the kernel's: a folder with a file open for writing (opened since
 * `before`) counts as changing. The disk is read again after the open files, for a file closed
 * between the two reads.
 */
async function untouchedSince(db: Kysely<Database>, accountId: number, area: Area, name: string, target: string, before: number): Promise<boolean> {
  const old = async () => {
    const changed = await lastChangeMs(target).catch(() => null);
    return changed !== null && changed < before;
  };
  if (!(await old())) return false;
  if (await openSince(db, accountId, area, name, before)) return false;
  return old();
}

export function sftpRetentionJob(tree: InboxTree): JobHandler {
  return {
    kind: SFTP_RETENTION_JOB,
    async run(_payload, ctx) {
      const before = nowMs() - SFTP_RETENTION_DAYS * 86_400_000;
      let removed = 0;
      for (const accountId of tree.accounts()) {
        for (const area of ['production', 'test'] as Area[]) {
          const dir = tree.areaDir(accountId, area);
          const names = await fsp.readdir(dir).catch(() => [] as string[]);
          for (const name of names) {
            const target = path.join(dir, name);
            const kept = area === 'production' ? await keptBatch(ctx.db, accountId, name) : undefined;
            if (kept) {
              // Processed: kept from its acknowledgements on, whatever happened in it since.
              if (!kept.acknowledged_at || Date.parse(kept.acknowledged_at) >= before) continue;
              await fsp.rm(target, { recursive: true, force: true });
              await keptFolderGone(ctx.db, kept.id);
              removed++;
              continue;
            }
            if (!(await untouchedSince(ctx.db, accountId, area, name, target, before))) continue;
            if (await isSealed(ctx.db, accountId, area, name)) continue;
            await fsp.rm(target, { recursive: true, force: true });
            removed++;
          }
        }
      }
      // Scratch files (a report being written, a batch being zipped) left by a process that died.
      for (const accountId of tree.accounts()) {
        const work = tree.workDir(accountId);
        for (const name of await fsp.readdir(work).catch(() => [] as string[])) {
          const stat = await fsp.stat(path.join(work, name)).catch(() => null);
          if (stat && stat.mtimeMs < Date.now() - 86_400_000) await fsp.rm(path.join(work, name), { force: true, recursive: true });
        }
      }
      if (removed) ctx.log.info({ removed }, 'sftp inbox entries past 7 days removed');
    },
  };
}

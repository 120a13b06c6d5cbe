/**
 * The two jobs a marker queues. `sftp.production`: the batch folder is zipped (streamed) into the
 * blob store and queued with `queueDelivery`, exactly as POST /ddex queues a body; the folder stays,
 * read-only, for its acknowledgements (`acknowledge-job`) until retention removes it. `sftp.test`: the dry run of POST /ddex/validate
 * (same engine pool, same member: the account's own catalog) on the folder's zip or the single file;
 * its reports are written beside it and it is stored as a test report of the account.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Report } from '@ddex-check/engine';
import { accountStores } from '../stores/account-stores.js';
import { ENGINE_LANE, type JobHandler } from '../jobs/job-runner.js';
import type { AppContext } from '../http/route-spec.js';
import { queueDelivery } from '../ddex/queue-delivery.js';
import { DELIVERY_JOB } from '../ddex/delivery-job.js';
import { ownMemberId } from '../members/resolve-member.js';
import { storeTestReport } from '../test-reports/store.js';
import { sourceLinesOf, type SourceLines } from '../test-reports/source-lines.js';
import { nowIso } from '../clock.js';
import { InboxTree, reportBase, type Area } from './inbox-tree.js';
import { filesUnder, zipFiles } from './zip-folder.js';
import { forgetOpenFiles, openFilesOf } from './open-files.js';
import { writeReports } from './report-files.js';
import { PRODUCTION_JOB, TEST_JOB } from './arrivals.js';
import { topNameTooLong } from './name-limits.js';
import './tables.js';

interface Payload {
  batchId: number;
}

async function pendingBatch(ctx: AppContext, batchId: number) {
  return ctx.db.selectFrom('sftp_batches').selectAll().where('id', '=', batchId).where('status', '=', 'received').executeTakeFirst();
}

async function finish(ctx: AppContext, batchId: number, set: { status: 'queued' | 'tested' | 'failed'; error?: string; delivery_id?: number; test_report_id?: number; size_bytes?: number }) {
  await ctx.db
    .updateTable('sftp_batches')
    .set({ ...set, error: set.error ?? null, finished_at: nowIso() })
    .where('id', '=', batchId)
    .where('status', '=', 'received')
    .execute();
}

const folderOf = (tree: InboxTree, accountId: number, area: Area, name: string) => path.join(tree.areaDir(accountId, area), name);

/**
 * The files of a sealed batch folder: all but those a session still writes (opened before the
 * marker came, they are not part of the batch and their CLOSE removes them). `open` is kept to
 * forget those rows once the batch is taken.
 */
async function batchFiles(ctx: AppContext, batch: { account_id: number; area: Area; name: string }, folder: string) {
  const open = await openFilesOf(ctx.db, batch.account_id, batch.area, batch.name);
  const files = (await filesUnder(folder)).filter((f) => !open.has(f.rel));
  return { files, open };
}

/** A file vanished while zipped: the batch failed only if its whole folder is gone (else the job tries again). */
async function folderGone(error: unknown, folder: string): Promise<boolean> {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' && !(await fsp.access(folder).then(() => true, () => false));
}

export function productionBatchJob(ctx: AppContext, tree: InboxTree): JobHandler<Payload> {
  return {
    kind: PRODUCTION_JOB,
    // Zipping a batch of up to 20 GB, like the delivery it queues: not in the slots of webhooks and emails.
    lane: ENGINE_LANE,
    async run({ batchId }) {
      const batch = await pendingBatch(ctx, batchId);
      // Queued already (by an attempt that died after its transaction): nothing is left to do.
      if (!batch) return;
      // Refused when created since; a batch sealed before that fails once, saying why, instead of at each attempt.
      const tooLong = topNameTooLong('production', batch.name, 'folder');
      if (tooLong) return finish(ctx, batchId, { status: 'failed', error: tooLong });
      const folder = folderOf(tree, batch.account_id, 'production', batch.name);
      const removed = 'the batch folder was removed before its import';
      const listed = await batchFiles(ctx, batch, folder).catch(async (error: unknown) => {
        if (await folderGone(error, folder)) return null;
        throw error;
      });
      if (!listed) return finish(ctx, batchId, { status: 'failed', error: removed });
      // As large as POST /ddex takes, no larger (the files' sum; the stored zip adds a few bytes per file).
      const total = listed.files.reduce((n, f) => n + f.size, 0);
      if (total > ctx.config.limits.deliverRawBytes) {
        return finish(ctx, batchId, { status: 'failed', error: `the batch holds ${total} bytes, above the ${ctx.config.limits.deliverRawBytes} a delivery may have` });
      }
      const temp = ctx.blobs.tempPath(`${batch.name}.zip`);
      let key: string;
      let size: number;
      try {
        size = await zipFiles(listed.files, temp);
        key = await ctx.blobs.putFile(temp, `${batch.name}.zip`);
      } catch (error) {
        await ctx.blobs.removeTemp(temp);
        if (await folderGone(error, folder)) return finish(ctx, batchId, { status: 'failed', error: removed });
        throw error;
      }
      const memberId = await ownMemberId(ctx.db, batch.account_id);
      const deliveryId = await ctx.db.transaction().execute(async (trx) => {
        const claimed = await trx.updateTable('sftp_batches').set({ status: 'queued', finished_at: nowIso(), size_bytes: size }).where('id', '=', batchId).where('status', '=', 'received').executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return null;
        const id = await queueDelivery(trx, { accountId: batch.account_id, memberId, batchName: batch.name, blobKey: key, sizeBytes: size, maxAttempts: ctx.config.deliveryMaxAttempts });
        await trx.updateTable('sftp_batches').set({ delivery_id: id }).where('id', '=', batchId).execute();
        return id;
      });
      if (deliveryId === null) {
        await ctx.blobs.delete(key);
        return;
      }
      await forgetOpenFiles(ctx.db, batch.account_id, 'production', batch.name, listed.open);
      // The delivery holds the batch now; the folder stays, read-only, for its acknowledgements.
      ctx.jobs.nudge(DELIVERY_JOB);
    },
  };
}

/** An error of the server's own (not of the batch): it leaves the report-writing catch and the job is tried again. */
class RetryLater extends Error {
  constructor(override readonly cause: unknown) {
    super(String((cause as Error)?.message ?? cause));
  }
}

/** A report for a batch the engine could not read at all (it answers for anything readable). */
function unreadable(name: string, error: unknown): { text: string; json: { error: string; source: string } } {
  const message = String((error as Error)?.message ?? error).split('\n')[0];
  return { text: `${name}: could not be checked: ${message}\n`, json: { error: message, source: name } };
}

export function testBatchJob(ctx: AppContext, tree: InboxTree): JobHandler<Payload> {
  return {
    kind: TEST_JOB,
    lane: ENGINE_LANE,
    async run({ batchId }) {
      const batch = await pendingBatch(ctx, batchId);
      if (!batch) return;
      // No report can be written beside a name this long (refused when created since): failed once, saying why.
      const tooLong = topNameTooLong('test', batch.name, batch.kind);
      if (tooLong) return finish(ctx, batchId, { status: 'failed', error: tooLong });
      const target = folderOf(tree, batch.account_id, 'test', batch.name);
      const work = tree.workDir(batch.account_id);
      await fsp.mkdir(work, { recursive: true });
      let zipped: string | null = null;
      let open = new Set<string>();
      let report: Report;
      let sourceLines: SourceLines = {};
      try {
        let input = target;
        if (batch.kind === 'folder') {
          zipped = path.join(work, `${crypto.randomUUID()}.zip`);
          const listed = await batchFiles(ctx, batch, target).catch(async (error: unknown) => ((await folderGone(error, target)) ? null : Promise.reject(error)));
          if (!listed) return finish(ctx, batchId, { status: 'failed', error: 'removed before its test ran' });
          open = listed.open;
          try {
            await zipFiles(listed.files, zipped);
          } catch (error) {
            if (await folderGone(error, target)) return finish(ctx, batchId, { status: 'failed', error: 'removed before its test ran' });
            // A file gone from a folder still there, or the disk: not the batch's fault; the job tries again.
            throw new RetryLater(error);
          }
          input = zipped;
        }
        await fsp.access(input);
        const memberId = await ownMemberId(ctx.db, batch.account_id);
        // A folder is checked as the zip of its files, named `<batch>.zip`: what POST /ddex/validate?name=<batch>.zip answers for that zip.
        // With the account's target stores, as POST /ddex/validate checks them.
        const stores = await accountStores(ctx.db, batch.account_id);
        const name = batch.kind === 'folder' ? `${batch.name}.zip` : batch.name;
        report = await ctx.validatePool.run({ kind: 'file', path: input }, name, memberId, { stores });
        // The dashboard's report page prints each finding's line: read them while the batch is here.
        sourceLines = await sourceLinesOf({ kind: 'file', path: input }, name, report);
      } catch (error) {
        if (error instanceof RetryLater) throw error.cause;
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return finish(ctx, batchId, { status: 'failed', error: 'removed before its test ran' });
        const failed = unreadable(batch.name, error);
        await writeReports(work, path.dirname(target), reportBase(batch.name, batch.kind), failed.text, failed.json);
        return finish(ctx, batchId, { status: 'failed', error: failed.json.error });
      } finally {
        if (zipped) await fsp.rm(zipped, { force: true });
      }
      const reportId = await storeTestReport(ctx.db, { accountId: batch.account_id, source: 'sftp', name: batch.name, report, sourceLines });
      await writeReports(work, path.dirname(target), reportBase(batch.name, batch.kind), null, report);
      await finish(ctx, batchId, { status: 'tested', test_report_id: reportId });
      await forgetOpenFiles(ctx.db, batch.account_id, 'test', batch.name, open);
    },
  };
}

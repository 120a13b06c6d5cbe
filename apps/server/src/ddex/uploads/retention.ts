/** Uncommitted uploads are removed with their parts after 7 days (spec 3.2, 8). */
import type { JobHandler } from '../../jobs/job-runner.js';
import type { BlobStore } from '../../blob/blob-store.js';
import { isoIn } from '../../clock.js';
import './tables.js';

export const UPLOAD_RETENTION_DAYS = 7;

export function uploadRetentionJob(blobs: BlobStore): JobHandler {
  return {
    kind: 'uploads.retention',
    async run(_payload, ctx) {
      const stale = await ctx.db.selectFrom('uploads').select(['id', 'name', 'store_ref']).where('status', '=', 'uploading').where('created_at', '<', isoIn(-UPLOAD_RETENTION_DAYS * 86_400_000)).execute();
      for (const { id, name, store_ref } of stale) {
        const gone = await ctx.db.deleteFrom('uploads').where('id', '=', id).where('status', '=', 'uploading').executeTakeFirst();
        if (Number(gone.numDeletedRows) === 1) await blobs.removeParts({ id, name, storeRef: store_ref });
      }
      if (stale.length) ctx.log.info({ removed: stale.length }, 'uncommitted uploads removed');
    },
  };
}

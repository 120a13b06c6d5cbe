/**
 * A committed direct upload is queued with the blob key `upload:<id>`: the delivery worker joins
 * its parts into one batch blob when it starts the delivery (a 20 GB commit then answers at once),
 * points the delivery at that blob, and drops the parts. It joins exactly the parts the commit
 * checked (`upload_parts`, with the store's checksums). A worker killed mid-join leaves the parts:
 * the next claim joins them again. A delivery given up drops its upload's parts (`dropUploadParts`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BlobStore } from '../../blob/blob-store.js';
import './tables.js';

const UPLOAD_KEY = /^upload:(\d+)$/;
export const uploadBlobKey = (uploadId: number) => `upload:${uploadId}`;

export async function joinUpload(db: Kysely<Database>, blobs: BlobStore, job: { id: number; blob_key: string }, workerId: string): Promise<string> {
  const m = UPLOAD_KEY.exec(job.blob_key);
  if (!m) return job.blob_key;
  const upload = await db.selectFrom('uploads').select(['id', 'name', 'store_ref']).where('id', '=', Number(m[1])).executeTakeFirstOrThrow();
  const parts = await db.selectFrom('upload_parts').select(['part_number', 'size', 'etag']).where('upload_id', '=', upload.id).orderBy('part_number').execute();
  const ref = { id: upload.id, name: upload.name, storeRef: upload.store_ref };
  const key = await blobs.assembleParts(
    ref,
    parts.map((p) => ({ partNumber: p.part_number, size: Number(p.size), etag: p.etag })),
  );
  await db.updateTable('deliveries').set({ blob_key: key }).where('id', '=', job.id).where('worker_id', '=', workerId).execute();
  await blobs.removeParts(ref);
  return key;
}

/** Drops the parts of the upload a failed delivery came from (`upload:<id>`); nothing for other keys. */
export async function dropUploadParts(db: Kysely<Database>, blobs: BlobStore, blobKey: string): Promise<void> {
  const m = UPLOAD_KEY.exec(blobKey);
  if (!m) return;
  const upload = await db.selectFrom('uploads').select(['id', 'name', 'store_ref']).where('id', '=', Number(m[1])).executeTakeFirst();
  if (upload) await blobs.removeParts({ id: upload.id, name: upload.name, storeRef: upload.store_ref });
}

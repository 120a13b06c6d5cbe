/**
 * Direct uploads on any blob store (issue 14): the store's own handle of an upload (S3's UploadId),
 * and each committed part's checksum (S3's ETag), kept at commit so the parts joined are exactly
 * the parts checked. `upload_parts` now holds the parts as committed, not as they arrive: the store
 * itself (a folder, or S3's ListParts) tells what arrived.
 */
import type { Kysely, Migration } from 'kysely';

export function uploadsStore(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('uploads').addColumn('store_ref', 'text').execute();
      await db.schema.alterTable('upload_parts').addColumn('etag', 'text').execute();
    },
  };
}

/** Tables of direct uploads, added to the server's `Database`. */
import type { Generated } from 'kysely';

export type UploadStatus = 'uploading' | 'committing' | 'committed';

export interface UploadTable {
  id: Generated<number>;
  account_id: number;
  member_id: number;
  name: string;
  size: number;
  part_size: number;
  parts_total: number;
  status: UploadStatus;
  /** The blob store's handle of the upload (S3's UploadId); null on the local folder. */
  store_ref: string | null;
  delivery_id: number | null;
  created_at: string;
  updated_at: string;
  committed_at: string | null;
}

/** A part as committed: its size and the store's checksum, so the parts joined are the parts checked. */
export interface UploadPartTable {
  upload_id: number;
  part_number: number;
  size: number;
  etag: string | null;
  received_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    uploads: UploadTable;
    upload_parts: UploadPartTable;
  }
}

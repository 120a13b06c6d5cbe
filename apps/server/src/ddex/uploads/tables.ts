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
  delivery_id: number | null;
  created_at: string;
  updated_at: string;
  committed_at: string | null;
}

export interface UploadPartTable {
  upload_id: number;
  part_number: number;
  size: number;
  received_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    uploads: UploadTable;
    upload_parts: UploadPartTable;
  }
}

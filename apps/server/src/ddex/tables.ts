/** Tables of deliveries and their items, added to the server's `Database`. */
import type { Generated } from 'kysely';

export type DeliveryStatus = 'queued' | 'parsing' | 'validating' | 'importing' | 'done' | 'partial' | 'failed';

export interface DeliveryTable {
  id: Generated<number>;
  account_id: number;
  member_id: number;
  batch_name: string;
  /** Path of the batch in the blob store (relative to its root). */
  blob_key: string;
  size_bytes: number;
  status: DeliveryStatus;
  error: string | null;
  message_id: string | null;
  ern_version: string | null;
  message_count: number;
  release_count: number;
  track_count: number;
  created_count: number;
  updated_count: number;
  flagged_count: number;
  left_out_count: number;
  needs_staff: number;
  /** JSON array of release ids. */
  release_ids: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /**
   * The claim of its `ddex.delivery` job working on it (ddex/delivery-job.ts): every write of the
   * delivery's progress checks it, so a worker that lost the job cannot write after the next one.
   */
  worker_id: string | null;
}

export interface DeliveryItemTable {
  id: Generated<number>;
  delivery_id: number;
  position: number;
  file: string;
  ref: string;
  title: string;
  upc: string;
  outcome: string;
  release_id: number | null;
  /** JSON array of `{field, rule, message, line, column}`. */
  errors: string;
}

declare module '../db/schema.js' {
  interface Database {
    deliveries: DeliveryTable;
    delivery_items: DeliveryItemTable;
  }
}

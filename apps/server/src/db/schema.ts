/**
 * Table types of the server's database, shared by SQLite and PostgreSQL.
 * Timestamps are ISO 8601 UTC strings and booleans 0/1 integers in both, so every query is written
 * once and string comparison orders timestamps (all written by `new Date().toISOString()`).
 */
import type { Generated } from 'kysely';

export interface AccountTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** `enterprise`, `custom` (API included) or any other plan name (API not included). */
  plan: string;
  active: number;
  /** Requests per minute per key; used by the `custom` plan (null: the plan's default). */
  rate_per_minute: number | null;
  created_at: string;
}

export interface MemberTable {
  id: Generated<number>;
  account_id: number;
  email: string;
  name: string;
  kind: 'artist' | 'label';
  status: string;
  /** The account's own catalog: deliveries without `member_id` go here. */
  is_own: number;
  created_at: string;
  last_login_at: string | null;
}

export interface ApiKeyTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** Visible start of the key (`svc_live_` and 8 characters); not secret, used to find the row. */
  prefix: string;
  /** sha256 (hex) of the whole key. */
  key_hash: string;
  /** JSON array of scope strings. */
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RateWindowTable {
  key_id: number;
  /** Minutes since the epoch. */
  window_minute: number;
  count: number;
}

export interface ConnectionActivityTable {
  id: Generated<number>;
  account_id: number;
  key_id: number;
  kind: string;
  ip: string | null;
  user_agent: string | null;
  at: string;
}

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

export interface ReleaseTable {
  id: Generated<number>;
  account_id: number;
  member_id: number;
  upc: string;
  title: string;
  release_status: string;
  delivery_state: string;
  created_by_delivery_id: number | null;
  last_delivery_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RecordingTable {
  id: Generated<number>;
  account_id: number;
  member_id: number;
  isrc: string | null;
  title: string;
  delivery_id: number;
  /** Message file and resource reference, for recordings without ISRC. */
  file: string;
  reference: string;
  created_at: string;
  updated_at: string;
}

export interface StaffFlagTable {
  id: Generated<number>;
  account_id: number;
  member_id: number;
  delivery_id: number;
  release_id: number | null;
  ref: string;
  upc: string;
  reason: string;
  created_at: string;
  resolved_at: string | null;
}

export interface Database {
  accounts: AccountTable;
  members: MemberTable;
  api_keys: ApiKeyTable;
  rate_windows: RateWindowTable;
  connection_activity: ConnectionActivityTable;
  deliveries: DeliveryTable;
  delivery_items: DeliveryItemTable;
  releases: ReleaseTable;
  recordings: RecordingTable;
  staff_flags: StaffFlagTable;
}

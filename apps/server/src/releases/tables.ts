/** Tables of the releases capability (releases, recordings, staff requests, store states), added to the server's `Database`. */
import type { Generated } from 'kysely';

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
  /** The staff's reason for the last decision (request changes, take down). */
  status_reason: string | null;
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
  /** `approved` or `rejected` once staff resolved the request. */
  resolution: string | null;
  resolution_note: string | null;
}


export interface ReleaseStoreTable {
  release_id: number;
  /** Store key (`spotify`, `apple_music`, ...). */
  store: string;
  /** `pending`, `in_progress`, `live`, `rejected`, `taken_down` (README). */
  status: string;
  /** `pending`, `queued`, `sent`, `accepted`, `live`, `rejected`, `takedown` (the deprecated `state`). */
  phase: string;
  updated_at: string;
}

/** A delivery that touched a release (releases/release-history.ts). */
export interface ReleaseHistoryTable {
  id: Generated<number>;
  release_id: number;
  delivery_id: number;
  account_id: number;
  /** The delivery item's position (delivery_items.position): the item answers with this entry's changes. */
  item_position: number;
  message_id: string | null;
  /** The message file inside the batch. */
  file: string;
  created_at: string;
  /** The item's outcome: created, updated, flagged, left_out. */
  outcome: string;
  /** JSON `ReleaseSnapshot` of the engine; null when none was built (a message kept as bytes). */
  snapshot: string | null;
  /** JSON `{count, items}` against the previous imported entry; null when there is none to compare with. */
  changes: string | null;
  summary: string;
}

declare module '../db/schema.js' {
  interface Database {
    releases: ReleaseTable;
    recordings: RecordingTable;
    staff_flags: StaffFlagTable;
    release_stores: ReleaseStoreTable;
    release_history: ReleaseHistoryTable;
  }
}

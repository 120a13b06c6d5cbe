/** Tables of the releases capability, added to the server's `Database`. */
import type { Generated } from 'kysely';

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
    release_stores: ReleaseStoreTable;
    release_history: ReleaseHistoryTable;
  }
}

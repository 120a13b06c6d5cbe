/** Tables of the releases capability, added to the server's `Database`. */

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

declare module '../db/schema.js' {
  interface Database {
    release_stores: ReleaseStoreTable;
  }
}

/** Tables of smartlinks, added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface LinkTable {
  id: Generated<number>;
  account_id: number;
  release_id: number;
  slug: string;
  /** `smartlink` or `presave`. */
  kind: string;
  active: number;
  title: string;
  artist: string;
  /** YYYY-MM-DD: before it the page offers a pre-save. */
  release_date: string | null;
  /** The cover shown on the page, in the blob store (JPEG or PNG). */
  artwork_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface LinkTargetTable {
  link_id: number;
  store: string;
  url: string;
}

/** Counts per link and UTC day (no visitor is recorded: no cookie, no address, no agent). */
export interface LinkCountTable {
  link_id: number;
  day: string;
  views: number;
  clicks: number;
  presaves: number;
}

declare module '../db/schema.js' {
  interface Database {
    links: LinkTable;
    link_targets: LinkTargetTable;
    link_counts: LinkCountTable;
  }
}

/** Messages between the engine pool and its worker threads (plain data: they are cloned). */
import type { MessageSnapshots, Report } from '@ddex-check/engine';
import type { DbConfig } from '../db/connect.js';

export interface EngineTask {
  id: number;
  input: { kind: 'buffer'; bytes: Uint8Array } | { kind: 'file'; path: string };
  name: string;
  /** Member the batch is for; the catalog checks run against the database for it. */
  memberId: number | null;
  /** Decode audio fully (the delivery path always does; dry runs read headers only). */
  deep: boolean;
  /** The account's target stores (`spotify`...): the report carries a verdict for each. */
  stores: string[];
}

/**
 * A delivery's report (deep runs) carries each message's release snapshots beside the partner's
 * report, for the releases' history (releases/release-history.ts). Never given out: the delivery
 * answers are built from the database, and dry runs have none.
 */
export type DeliveryReport = Report & { release_snapshots?: MessageSnapshots[] };

export type EngineAnswer = { id: number; ok: true; report: DeliveryReport } | { id: number; ok: false; error: string };

export interface EngineWorkerData {
  db: DbConfig;
}

/** Messages between the engine pool and its worker threads (plain data: cloned, or a buffer moved whole: `wholeBufferOf`). */
import type { MessageSnapshots, Report } from '@ddex-check/engine';
import type { DbConfig } from '../db/connect.js';
import type { TestReportSource } from '../test-reports/tables.js';

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
  /**
   * `json`: the thread answers the dry-run answer's bytes (`{"data": <partner report>}`,
   * answer-json.ts), handed over without a copy, with the verdict and summary, not the report object
   * (a structured clone of it cost more than the HTTP thread's whole share of a small dry run).
   */
  answer: 'report' | 'json';
  /** With `json`: the account whose test report the dry run is, stored by the thread before it answers. */
  testReport?: { accountId: number; source: TestReportSource };
}

/**
 * A dry run's answer as JSON (`answer: 'json'`): the answer's bytes, what the test report's row
 * lists, and the test report's id when the task asked for one. The bytes are handed over (the
 * thread's buffer moves to the HTTP thread), so the HTTP thread never holds a catalog's 4 MB report
 * as a string in its heap.
 */
export interface ReportJson {
  /** UTF-8 of the 200 answer, `{"data":...}`. */
  answer: Uint8Array;
  verdict: Report['verdict'];
  summary: Report['summary'];
  testReportId: number | null;
}

/**
 * A delivery's report (deep runs) carries each message's release snapshots beside the partner's
 * report, for the releases' history (releases/release-history.ts). Never given out: the delivery
 * answers are built from the database, and dry runs have none.
 */
export type DeliveryReport = Report & { release_snapshots?: MessageSnapshots[] };

export type EngineAnswer = { id: number; ok: true; report: DeliveryReport } | ({ id: number; ok: true } & ReportJson) | { id: number; ok: false; error: string };

export interface EngineWorkerData {
  db: DbConfig;
}

/** The buffer under `bytes` when they fill it whole, so it can move to another thread (a transfer list); else none. */
export const wholeBufferOf = (bytes: Uint8Array): ArrayBuffer[] => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : []);

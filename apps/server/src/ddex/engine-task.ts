/** Messages between the engine pool and its worker threads (plain data: they are cloned). */
import type { MessageSnapshots, Report } from '@ddex-check/engine';
import type { DbConfig } from '../db/connect.js';
import type { FindingLine } from '../test-reports/source-lines.js';

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
   * `json`: the thread answers the partner report already serialized as the dry-run answer's
   * `data` (answer-json.ts) with its verdict and summary, not the report object (a structured
   * clone of it cost more than the HTTP thread's whole share of a small dry run).
   */
  answer: 'report' | 'json';
}

/** A dry run's answer as JSON (`answer: 'json'`): the report's bytes and what the test report's row lists. */
export interface ReportJson {
  json: string;
  verdict: Report['verdict'];
  summary: Report['summary'];
  /** Where its findings point (test-reports/source-lines.ts), for the source lines a test report keeps. */
  findingLines: FindingLine[];
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

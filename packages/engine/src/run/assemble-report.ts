/**
 * The one place a run's report is assembled: the entry (validate.ts) hands it the checks and the
 * messages read as the run makes them, and `finish` builds the report (report/build.ts) and, when
 * stores were asked for, splits the checks into the base report and one verdict per store
 * (stores/verdict.ts). Below the entry, above report/ and stores/: neither of those imports it or
 * anything that makes checks, so nothing below calls back up (.dependency-cruiser.cjs checks it).
 */
import { buildReport, type ReadMessage } from '../report/build.js';
import type { Check, Report } from '../report/types.js';
import { splitStoreChecks } from '../stores/verdict.js';
import type { StoreProfile } from '../stores/types.js';
import { ENGINE_VERSION } from '../engine-version.js';
import { pushAll } from './push-all.js';

export interface ReportRun {
  /** The delivery's path, or its name when given as bytes. */
  source: string;
  /** The stores asked for (a verdict each), none for the base report alone. */
  stores: readonly StoreProfile[];
  /** The schema validator's name, for `engine.schema_engine`. */
  schemaEngine: string;
  startedAt: Date;
  /** List `would_create.recordings` (`ValidateOptions.recordings`). */
  recordings?: boolean | 'stream';
}

export class ReportAssembler {
  private readonly checks: Check[] = [];
  private readonly read: ReadMessage[] = [];

  constructor(private readonly run: ReportRun) {}

  /** A check, in the report's order; null (a rule that is off) adds nothing. */
  add(check: Check | null): void {
    if (check) this.checks.push(check);
  }

  addAll(checks: readonly Check[]): void {
    pushAll(this.checks, checks);
  }

  /** The messages read, in the order they are reported. */
  addMessages(messages: readonly ReadMessage[]): void {
    pushAll(this.read, messages);
  }

  /** The messages added so far (batch-level rules read them). */
  get messages(): readonly ReadMessage[] {
    return this.read;
  }

  /** The report of the checks and messages added: the base report, and `stores` when stores were asked for. */
  finish(): Report {
    const { source, stores, schemaEngine, startedAt, recordings } = this.run;
    const engine = { version: ENGINE_VERSION, schema_engine: schemaEngine, started_at: startedAt.toISOString(), duration_ms: Date.now() - startedAt.getTime() };
    const input = { source, checks: this.checks, messages: this.read, engine, recordings };
    if (stores.length === 0) return buildReport(input);
    const split = splitStoreChecks(input.checks, stores);
    const { engine: info, ...report } = buildReport({ ...input, checks: split.base });
    return { ...report, stores: split.stores, engine: info };
  }
}

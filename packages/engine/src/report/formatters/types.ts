/**
 * The one formatter signature `(reports, ctx) => string` and what a formatter may ask of its
 * caller: the fail threshold, colour, the rule catalogue (SARIF) and source lines (text excerpts).
 */
import type { Report, Stage } from '../types.js';
import type { FailOn } from './threshold.js';

/** A rule as formatters describe it (SARIF `tool.driver.rules`). */
export interface FormatterRule {
  id: string;
  stage: Stage;
  label: string;
  description: string;
  /** What to change (the rule's hint, one text even when the rule has one per message id). */
  help: string;
  /** Effective severity of the run (after preset and overrides). */
  severity: 'error' | 'warn' | 'info';
  helpUri?: string;
  /** Where the rule comes from (the rule's `meta.sources`): SARIF lists them in the rule's properties. */
  sources?: readonly { kind: string; ref: string; url?: string }[];
}

export interface FormatterContext {
  /** Checks and reports at or above this level fail (JUnit failures, the verdict line). */
  failOn: FailOn;
  /** ANSI colours in the text formatter. */
  color: boolean;
  /** Paths are printed relative to this folder (CI annotations need repository-relative paths). */
  cwd: string;
  tool: { name: string; version: string; informationUri?: string };
  /** Every active rule of the run; SARIF lists them with their help text. */
  rules?: FormatterRule[];
  /**
   * Line `line` (1-based) of `file` inside the batch of `report`, when the caller could read it;
   * the text formatter prints it with a caret under the column. Synchronous: the caller reads
   * the lines it needs before formatting (the CLI streams each file once and keeps only those lines).
   */
  sourceLine?(report: Report, file: string, line: number): string | undefined;
  /** Text formatter: also list passed checks. */
  verbose?: boolean;
}

export type Formatter = (reports: Report[], ctx: FormatterContext) => string;

/**
 * Pins a rule test's findings to where they point: the exact line, column and DDEX path of each
 * finding, given as a needle in the message tested (turned into its line and column here), so that
 * a rule whose location moves to another element fails its tests. A run of a rule test whose
 * findings are never pinned fails the test too (see `trackRun`).
 */
import { afterEach, expect } from 'vitest';
import { appendFileSync } from 'node:fs';
import type { Check } from '../../report/types.js';

/**
 * Where a finding points:
 * - a needle: the start of its first occurrence in the message tested (`'<GenreText>Classical'`);
 * - needles in turn: each searched after the previous one (`['<Release>', '<Genre>']`, the Genre
 *   of the first Release), the last one's start is the place;
 * - an explicit `{ line, column }` (1-based), for a place no needle names;
 * - null: the finding has no place in the message (a file of the batch, the batch itself).
 */
export type At = string | readonly string[] | { line: number; column: number } | null;

export interface Pin {
  /** Message id. */
  id: string;
  at: At;
  /** The exact DDEX path of the element (`/NewReleaseMessage/ReleaseList/Release/Genre`); '' for a place in the text that is no element (a syntax error); null with `at: null`. */
  path: string | null;
  /**
   * The release the finding names (its reference, null for none), the other half of where it
   * points: compared when given. Pins of one list give it all or none (the check says which).
   */
  release?: string | null;
}

/** 1-based line and column of a needle (or needles in turn) in `xml`; throws when one is not found. */
export function positionOf(xml: string, at: Exclude<At, null>): { line: number; column: number } {
  if (typeof at === 'object' && !Array.isArray(at)) return at as { line: number; column: number };
  const needles = typeof at === 'string' ? [at] : (at as readonly string[]);
  let from = 0;
  let found = -1;
  for (const needle of needles) {
    found = xml.indexOf(needle, from);
    if (found < 0) throw new Error(`pin: "${needle}" not found in the message tested${from ? ' after the needles before it' : ''}`);
    from = found + needle.length;
  }
  const before = xml.slice(0, found);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: found - lineStart + 1 };
}

interface PlacedFinding {
  id: string;
  line: number | null;
  column: number | null;
  path: string | null;
  release?: string | null;
}

const placed = (f: Check, withRelease: boolean): PlacedFinding => ({ id: f.message_id ?? '', line: f.line, column: f.column, path: f.line === null && !f.field ? null : f.field, ...(withRelease ? { release: f.release } : {}) });
const order = (a: PlacedFinding, b: PlacedFinding) => `${a.id}\u0000${a.line}\u0000${a.column}\u0000${a.path}\u0000${a.release}`.localeCompare(`${b.id}\u0000${b.line}\u0000${b.column}\u0000${b.path}\u0000${b.release}`);

/**
 * Asserts that the run's findings are exactly the pinned ones (in any order): message id, line,
 * column and DDEX path. `xml` is the message tested (the needles are looked up there).
 */
export function expectFindings(run: { findings: Check[] }, xml: string, pins: readonly Pin[]): void {
  if (pins.length === 0) throw new Error('expectFindings: no pins; assert `findings` is empty instead');
  for (const pin of pins) {
    if (pin.at !== null && (pin.path === null || pin.path === undefined)) throw new Error(`pin of "${pin.id}": a placed finding needs its exact DDEX path`);
  }
  const withRelease = pins.some((p) => p.release !== undefined);
  if (withRelease && pins.some((p) => p.release === undefined)) throw new Error('expectFindings: pins give their release all or none');
  const expected = pins.map((p): PlacedFinding => {
    const at = p.at === null ? null : positionOf(xml, p.at);
    return { id: p.id, line: at?.line ?? null, column: at?.column ?? null, path: p.path, ...(withRelease ? { release: p.release } : {}) };
  });
  const actual = run.findings.map((f) => placed(f, withRelease));
  expect(actual.sort(order), run.findings.map((f) => `${f.message_id} ${f.line}:${f.column} ${f.field}: ${f.message}`).join('\n')).toEqual(expected.sort(order));
  unpinned.delete(run);
}

/** Runs of the current test whose findings are not pinned yet. */
const unpinned = new Set<object>();

/**
 * Called by the rule runners: a run with findings must be pinned with `expectFindings` (or a
 * `ruleTable` case's `findings`) before its test ends. With RULE_PIN_RECORD set, each run's findings
 * are appended to that file (a JSON line per run), to write pins from.
 */
export function trackRun(run: { findings: Check[] }, xml: string): void {
  if (run.findings.length > 0) unpinned.add(run);
  const record = process.env.RULE_PIN_RECORD;
  if (record) {
    const state = expect.getState();
    appendFileSync(record, `${JSON.stringify({ file: state.testPath, test: state.currentTestName, xml: run.findings.length ? xml : undefined, findings: run.findings.map((f) => ({ ...placed(f), text: f.line ? xml.split('\n')[f.line - 1] : null, message: f.message })) })}\n`);
  }
}

// Registered in every test file that imports a rule runner: only a rule's own tests (rules/<area>/<rule>/) must pin.
afterEach(() => {
  const left = unpinned.size;
  unpinned.clear();
  const file = expect.getState().testPath ?? '';
  if (left > 0 && /[\\/]rules[\\/][a-z]+[\\/][a-z0-9-]+[\\/][^\\/]+\.test\.ts$/.test(file)) {
    throw new Error(`${left} run(s) of this rule test reported findings that the test never pinned (expectFindings: id, line, column, DDEX path)`);
  }
});

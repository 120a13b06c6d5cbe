/**
 * Table tests for rules: each case edits a base message and lists the findings the rule must report,
 * each pinned to its message id, line, column and DDEX path (none for a valid case).
 */
import { describe, expect, it } from 'vitest';
import { runRule, type RuleRun } from './rule-tester.js';
import { expectFindings, type Pin } from './pin.js';
import type { Profile } from '../../profile/types.js';

export type Edit = readonly [string, string];
export type { Pin } from './pin.js';

interface CaseBase {
  name: string;
  version: '4.3' | '3.8.2';
  edits?: readonly Edit[];
  /** Expected status of every finding (default: from the rule's severity). */
  status?: 'error' | 'warning';
  profile?: Profile;
  /** The rule's options (store requirements configure their rules this way). */
  options?: Record<string, unknown>;
  /** More assertions on the run. */
  check?: (run: RuleRun) => void;
}

/** A case that must pass: no finding. */
export interface PassingCase extends CaseBase {
  ids: readonly [];
  findings?: never;
}

/** A case that must fail: every finding pinned (message id, needle or line/column, exact DDEX path), in any order. */
export interface FailingCase extends CaseBase {
  findings: readonly Pin[];
  ids?: never;
}

export type RuleCase = PassingCase | FailingCase;

const isFailing = (c: RuleCase): c is FailingCase => 'findings' in c && c.findings !== undefined;

/** Checks the table itself: a failing case without pins, or a case that is both, is a test defect. */
function checkCase(c: RuleCase): void {
  if (isFailing(c)) {
    if (c.findings.length === 0) throw new Error(`case "${c.name}": a failing case pins at least one finding (or is a passing case, ids: [])`);
  } else if (!Array.isArray(c.ids) || c.ids.length > 0) {
    throw new Error(`case "${c.name}": findings must be pinned ({ id, at, path }), not listed by id`);
  }
}

export function ruleTable(ruleId: string, cases: RuleCase[]): void {
  describe(ruleId, () => {
    it.each(['4.3', '3.8.2'] as const)('the %s base message passes, or fails as its case says', async (version) => {
      const run = await runRule(ruleId, { version });
      // When the unedited base is itself a failing case of the table (a rule the base breaks on purpose), its findings are that case's.
      const baseCase = cases.find((c): c is FailingCase => c.version === version && !c.edits?.length && isFailing(c) && !c.profile && !c.options);
      if (baseCase) expectFindings(run, run.xml, baseCase.findings);
      else expect(run.findings.map((f) => f.message)).toEqual([]);
    });
    it.each(cases.map((c) => [`ERN ${c.version}: ${c.name}`, c] as const))('%s', async (_, c) => {
      checkCase(c);
      const run = await runRule(ruleId, { version: c.version, edits: c.edits ?? [], profile: c.profile, options: c.options });
      if (isFailing(c)) expectFindings(run, run.xml, c.findings);
      else expect(run.findings.map((f) => `${f.message_id}: ${f.message}`)).toEqual([]);
      for (const f of run.findings) if (c.status) expect(f.status).toBe(c.status);
      c.check?.(run);
    });
  });
}

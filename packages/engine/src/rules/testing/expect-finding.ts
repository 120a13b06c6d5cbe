/** Table tests for rules: each case edits a base message and lists the message ids the rule must report (none for a valid case). */
import { describe, expect, it } from 'vitest';
import { runRule, type RuleRun } from './rule-tester.js';
import type { Profile } from '../../profile/types.js';

export type Edit = readonly [string, string];

export interface RuleCase {
  name: string;
  version: '4.3' | '3.8.2';
  edits?: readonly Edit[];
  /** Message ids expected, in any order; [] for a case that must pass. */
  ids: string[];
  /** Expected status of every finding (default: from the rule's severity). */
  status?: 'error' | 'warning';
  profile?: Profile;
  /** The rule's options (store requirements configure their rules this way). */
  options?: Record<string, unknown>;
  /** More assertions on the run. */
  check?: (run: RuleRun) => void;
}

export function ruleTable(ruleId: string, cases: RuleCase[]): void {
  describe(ruleId, () => {
    it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
      if (cases.some((c) => c.version === version && !c.edits?.length && c.ids.length > 0)) return; // the base itself is a failing case here
      expect((await runRule(ruleId, { version })).findings.map((f) => f.message)).toEqual([]);
    });
    it.each(cases.map((c) => [`ERN ${c.version}: ${c.name}`, c] as const))('%s', async (_, c) => {
      const run = await runRule(ruleId, { version: c.version, edits: c.edits ?? [], profile: c.profile, options: c.options });
      expect(run.findings.map((f) => f.message_id).sort(), run.findings.map((f) => f.message).join('\n')).toEqual([...c.ids].sort());
      for (const f of run.findings) {
        if (c.status) expect(f.status).toBe(c.status);
        expect(f.line, `finding "${f.message}" has a line`).toBeGreaterThan(0);
        expect(f.field, `finding "${f.message}" has a DDEX path`).toMatch(/^\/(NewReleaseMessage|PurgeReleaseMessage)/);
      }
      c.check?.(run);
    });
  });
}

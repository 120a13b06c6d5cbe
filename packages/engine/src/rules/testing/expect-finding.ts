/** Assertions shared by the rule table tests: exactly the expected message ids, at the expected line. */
import { expect } from 'vitest';
import { lineOf, runRule, type RuleRun } from './rule-tester.js';

export type Edit = readonly [string, string];

/** Runs the rule and checks the message ids found (in any order); returns the run for more checks. */
export async function expectMessages(ruleId: string, version: '4.3' | '3.8.2', edits: readonly Edit[], messageIds: string[], extra: Parameters<typeof runRule>[1] extends infer T ? Omit<T & object, 'version' | 'edits'> : never = {}): Promise<RuleRun> {
  const run = await runRule(ruleId, { version, edits, ...extra });
  expect(run.findings.map((f) => f.message_id).sort()).toEqual([...messageIds].sort());
  return run;
}

export { lineOf };

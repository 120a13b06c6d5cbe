/**
 * Table-driven rule tests: take a small valid message of a given ERN version (our own fixtures),
 * apply text edits, run the real engine with only the rule under test on, and return its findings.
 * A finding whose message id is unknown or whose placeholders are unfilled fails the test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '../../validate.js';
import { RULES } from '../registry.js';
import type { Check } from '../../report/types.js';
import type { ValidateOptions } from '../../options.js';
import { trackRun } from './pin.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../fixtures');

/** Valid base messages by version (each validates against its DDEX XSD). */
export const BASE_MESSAGES = {
  '4.3': path.join(fixtures, 'batches/album-43/5012345678900.xml'),
  '3.8.2': path.join(fixtures, 'messages/single-382.xml'),
} as const;
export type BaseVersion = keyof typeof BASE_MESSAGES;

export function baseMessage(version: BaseVersion): string {
  return readFileSync(BASE_MESSAGES[version], 'utf8');
}

/** Applies `[search, replace]` edits; each search must occur exactly once (a test typo fails loudly). */
export function edit(xml: string, edits: readonly (readonly [string, string])[] = []): string {
  for (const [search, replace] of edits) {
    const first = xml.indexOf(search);
    if (first < 0) throw new Error(`edit: "${search}" not found in the base message`);
    if (xml.indexOf(search, first + 1) >= 0) throw new Error(`edit: "${search}" occurs more than once; make it unique`);
    xml = xml.slice(0, first) + replace + xml.slice(first + search.length);
  }
  return xml;
}

/** 1-based line of the first occurrence of `needle`. */
export function lineOf(xml: string, needle: string): number {
  const at = xml.indexOf(needle);
  if (at < 0) throw new Error(`lineOf: "${needle}" not found`);
  return xml.slice(0, at).split('\n').length;
}

export interface RuleRun {
  xml: string;
  findings: Check[];
  all: Check[];
}

/** Runs only `ruleId` (at its default severity, or `severity`) on the edited base message. */
export async function runRule(
  ruleId: string,
  input: { version: BaseVersion; edits?: readonly (readonly [string, string])[]; xml?: string; severity?: 'error' | 'warn' | 'info'; options?: Record<string, unknown> } & Pick<ValidateOptions, 'catalog' | 'profile'>,
): Promise<RuleRun> {
  if (!RULES.some((r) => r.id === ruleId)) throw new Error(`unknown rule ${ruleId}`);
  const xml = input.xml ?? edit(baseMessage(input.version), input.edits);
  const rules: ValidateOptions['rules'] = Object.fromEntries(RULES.map((r) => [r.id, 'off']));
  const rule = RULES.find((r) => r.id === ruleId)!;
  rules[ruleId] = [input.severity ?? rule.meta.severity, input.options ?? {}];
  const report = await validate(Buffer.from(xml), { name: 'message.xml', rules, media: false, catalog: input.catalog, profile: input.profile });
  const all = report.checks.filter((c) => c.rule === ruleId);
  const broken = report.checks.filter((c) => c.status === 'skipped' && /failed internally|failed at this element|failed to finish/.test(c.message));
  if (broken.length) throw new Error(`rule run failed: ${broken.map((c) => c.message).join('; ')}`);
  const run = { xml, findings: all.filter((c) => c.status !== 'pass'), all };
  trackRun(run, xml);
  return run;
}

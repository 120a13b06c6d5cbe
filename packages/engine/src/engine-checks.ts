/**
 * Findings the engine itself makes on behalf of its built-in rules (well-formedness, version,
 * schema validity, readable batch): the same message templates, hints and configured severity as
 * any rule, without a dispatcher.
 */
import { formatMessage, type PlacedDescriptor } from './rules/define.js';
import { baseCheck } from './rules/dispatcher.js';
import type { ActiveRule } from './rules/severity.js';
import type { Check } from './report/types.js';

export class EngineChecks {
  private readonly byId: Map<string, ActiveRule>;

  constructor(active: readonly ActiveRule[]) {
    this.byId = new Map(active.map((a) => [a.rule.id, a]));
  }

  isActive(ruleId: string): boolean {
    return this.byId.has(ruleId);
  }

  /** A finding of `ruleId`, or null when the rule is off. */
  finding(ruleId: string, descriptor: PlacedDescriptor & { file: string }): Check | null {
    const entry = this.byId.get(ruleId);
    if (!entry) return null;
    const { message, hint } = formatMessage(entry.rule, descriptor.messageId, descriptor.data);
    const check = baseCheck(entry, {
      status: entry.severity === 'error' ? 'error' : entry.severity === 'warn' ? 'warning' : 'pass',
      message,
      hint,
      field: descriptor.loc?.path ?? '',
      line: descriptor.loc?.line ?? null,
      column: descriptor.loc?.column ?? null,
      file: descriptor.file,
      release: descriptor.release ?? null,
      resource: descriptor.resource ?? null,
      message_id: descriptor.messageId,
    });
    if (entry.severity === 'info') check.severity = 'info';
    return check;
  }

  /** A `skipped` check of `ruleId` (the check could not run), or null when the rule is off. */
  skipped(ruleId: string, descriptor: PlacedDescriptor & { file: string }): Check | null {
    const check = this.finding(ruleId, descriptor);
    return check && { ...check, status: 'skipped', severity: undefined };
  }

  /** The `pass` check of `ruleId` for a file, or null when the rule is off. */
  pass(ruleId: string, file: string): Check | null {
    const entry = this.byId.get(ruleId);
    return entry ? baseCheck(entry, { status: 'pass', message: entry.rule.meta.description, file }) : null;
  }
}

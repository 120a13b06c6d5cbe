/**
 * How a finding becomes a check of the report: `baseCheck` fills a check's fields from its rule
 * (and the store whose requirement it is), and `EngineChecks` makes the findings the engine makes
 * on behalf of its built-in rules (well-formedness, version, schema validity, readable batch) and
 * those of batch-level rules: the same message templates, hints and configured severity as any
 * rule, without a dispatcher. Below the dispatcher, the batch runner and the run (run/): every
 * one of them imports it, it imports none of them, so a check is made in one place.
 */
import { formatMessage, type PlacedDescriptor } from './define.js';
import type { ActiveRule } from './severity.js';
import type { Check } from '../report/types.js';

/** A check of `entry`'s rule with `fields` over its defaults (no place, no hint). */
export function baseCheck(entry: Pick<ActiveRule, 'rule' | 'store'>, fields: Partial<Check> & Pick<Check, 'status' | 'message'>): Check {
  return {
    ...(entry.store ? { store: entry.store.id, requirement: entry.store.requirement } : {}),
    stage: entry.rule.stage,
    rule: entry.rule.id,
    label: entry.rule.meta.label,
    field: '',
    line: null,
    column: null,
    file: '',
    release: null,
    hint: '',
    ...fields,
  };
}

/** The checks of the engine's own findings for the active rules: a rule that is off gives none. */
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

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

/** Where a finding is and what it concerns: the fields `findingCheck` sets besides its rule's, each given. */
export type FindingFields = Required<Pick<Check, 'status' | 'message' | 'hint' | 'field' | 'line' | 'column' | 'file' | 'release'>> & {
  resource: string | null;
  message_id: string | undefined;
};

/**
 * `baseCheck(entry, fields)` of a finding, made as one object literal with the same keys in the same
 * order (the report's JSON is the same bytes): a broken catalog makes tens of thousands, and the
 * spreads of `baseCheck` cost twice the time to make and a slower JSON.stringify of each. A rule of
 * a store profile (its `store` and `requirement` first) goes through `baseCheck`.
 */
export function findingCheck(entry: Pick<ActiveRule, 'rule' | 'store'>, f: FindingFields): Check {
  if (entry.store) return baseCheck(entry, f);
  const rule = entry.rule;
  return {
    stage: rule.stage,
    rule: rule.id,
    label: rule.meta.label,
    field: f.field,
    line: f.line,
    column: f.column,
    file: f.file,
    release: f.release,
    hint: f.hint,
    status: f.status,
    message: f.message,
    resource: f.resource,
    message_id: f.message_id,
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
    const check = findingCheck(entry, {
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

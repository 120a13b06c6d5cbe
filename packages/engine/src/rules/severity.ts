/**
 * Severity is the engine's, never a rule's: preset (`ddex:recommended`, `ddex:strict`), then
 * per-rule overrides from the config file and the command line.
 */
import type { Severity } from '../report/types.js';
import type { Rule } from './define.js';
import type { Profile } from '../profile/types.js';

export const PRESETS = ['ddex:recommended', 'ddex:strict'] as const;
export type PresetName = (typeof PRESETS)[number];

export type RuleSetting = Severity | [Severity, Record<string, unknown>];

export interface ActiveRule {
  rule: Rule;
  severity: Exclude<Severity, 'off'>;
  options: Record<string, unknown>;
  /** Set when the rule runs for a store's requirement: its checks go to `report.stores`, not `report.checks`. */
  store?: { id: string; requirement: string };
  /** The store's profile, in place of the run's, for a profile-driven rule run as a store requirement. */
  profile?: Profile;
}

export class ConfigError extends Error {
  constructor(message: string, readonly key: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function presetSeverity(rule: Rule, preset: PresetName): Exclude<Severity, 'off'> {
  if (preset === 'ddex:strict') return rule.meta.strictSeverity ?? (rule.meta.severity === 'warn' ? 'error' : rule.meta.severity);
  return rule.meta.severity;
}

const SEVERITIES = new Set(['error', 'warn', 'info', 'off']);

/** Resolves which rules run and at what severity; throws ConfigError naming the bad key. */
export function resolveRules(
  rules: readonly Rule[],
  preset: string = 'ddex:recommended',
  overrides: Record<string, RuleSetting> = {},
): ActiveRule[] {
  if (!(PRESETS as readonly string[]).includes(preset)) {
    throw new ConfigError(`unknown preset "${preset}" (use ${PRESETS.join(' or ')})`, 'extends');
  }
  const byId = new Map(rules.map((r) => [r.id, r]));
  for (const [id, setting] of Object.entries(overrides)) {
    // Suggestions come from the preset rules: store requirements are named by store profiles, rarely typed.
    if (!byId.has(id)) throw new ConfigError(`unknown rule "${id}"${suggest(id, rules.filter((r) => !r.meta.storeOnly).map((r) => r.id))}`, `rules.${id}`);
    const word = Array.isArray(setting) ? setting[0] : setting;
    if (!SEVERITIES.has(word)) throw new ConfigError(`rule "${id}": severity must be error, warn, info or off, not "${word}"`, `rules.${id}`);
  }
  const active: ActiveRule[] = [];
  for (const rule of rules) {
    const setting = overrides[rule.id];
    if (rule.meta.storeOnly && setting === undefined) continue;
    const severity = setting === undefined ? presetSeverity(rule, preset as PresetName) : Array.isArray(setting) ? setting[0] : setting;
    if (severity === 'off') continue;
    active.push({ rule, severity, options: Array.isArray(setting) ? setting[1] ?? {} : {} });
  }
  return active;
}

function suggest(id: string, known: string[]): string {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(id, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best && bestDistance <= Math.max(3, id.length / 4) ? ` (did you mean "${best}"?)` : '';
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

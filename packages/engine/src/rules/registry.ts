/** The rule list and what the CLI's `rules` command shows; the list itself is generated from the rule folders. */
import { RULES } from './index.generated.js';
import { presetSeverity } from './severity.js';
import type { Rule, RuleSource } from './define.js';

export { RULES };

export interface RuleInfo {
  id: string;
  stage: Rule['stage'];
  label: string;
  description: string;
  /** Where the rule comes from (`meta.sources`): DDEX clauses, standards, store pages, service decisions. */
  sources: readonly RuleSource[];
  versions: readonly string[] | 'all';
  severity: { recommended: string; strict: string };
  replacedBy?: string[];
  /** A store requirement: off in every preset, run for the store profiles naming it (`--stores`). */
  storeOnly?: true;
  docs: string;
}

export const DOCS_BASE = 'https://github.com/ddex-check/ddex-check/blob/main/packages/engine/src/rules';

export function docsUrl(rule: Pick<Rule, 'id' | 'stage'>): string {
  return `${DOCS_BASE}/${rule.stage}/${rule.id}/README.md`;
}

export function listRules(): RuleInfo[] {
  return RULES.map((rule) => ({
    id: rule.id,
    stage: rule.stage,
    label: rule.meta.label,
    description: rule.meta.description,
    sources: rule.meta.sources,
    versions: rule.meta.versions,
    severity: rule.meta.storeOnly ? { recommended: 'off', strict: 'off' } : { recommended: presetSeverity(rule, 'ddex:recommended'), strict: presetSeverity(rule, 'ddex:strict') },
    ...(rule.meta.replacedBy ? { replacedBy: rule.meta.replacedBy } : {}),
    ...(rule.meta.storeOnly ? { storeOnly: true as const } : {}),
    docs: docsUrl(rule),
  }));
}

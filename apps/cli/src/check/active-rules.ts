/**
 * The run's rules as the formatters describe them (SARIF lists every active rule with its help):
 * the engine's preset and overrides resolved the same way `validate` resolves them.
 */
import { RULES, docsUrl, resolveRules, type FormatterRule, type RuleSetting } from '@ddex-check/engine';

function helpText(hint: string | Record<string, string>): string {
  if (typeof hint === 'string') return hint;
  return Object.values(hint).filter((h, i, all) => h && all.indexOf(h) === i).join(' ');
}

export function activeRules(preset: string | undefined, overrides: Record<string, RuleSetting>): FormatterRule[] {
  return resolveRules(RULES, preset, overrides).map(({ rule, severity }) => ({
    id: rule.id,
    stage: rule.stage,
    label: rule.meta.label,
    description: rule.meta.description,
    // Hints carry placeholders ({isrc}); in the rule list they read better as the generic text.
    help: helpText(rule.meta.hint).replace(/\{(\w+)\}/g, '<$1>') || rule.meta.description,
    severity,
    helpUri: docsUrl(rule),
  }));
}

export const KNOWN_RULES = RULES;

/**
 * The run's rules as the formatters describe them (SARIF lists every active rule with its help):
 * the engine's preset and overrides resolved the same way `validate` resolves them.
 */
import { RULES, docsUrl, resolveRules, type FormatterRule, type RuleSetting } from '@ddex-check/engine';

/** The rule's hints as one text; a hint that is only a placeholder (`{fix}`) says nothing without its finding. */
function helpText(hint: string | Record<string, string>): string {
  const hints = typeof hint === 'string' ? [hint] : Object.values(hint);
  return hints
    .filter((h, i, all) => h && all.indexOf(h) === i && !/^\s*\{\w+\}\s*\.?\s*$/.test(h))
    .join(' ');
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
    sources: rule.meta.sources,
  }));
}

export const KNOWN_RULES = RULES;

/** The rule list and what the CLI's `rules` command shows; the list itself is generated from the rule folders. */
import { RULES } from './index.generated.js';
import { presetSeverity } from './severity.js';
export { RULES };
export const DOCS_BASE = 'https://github.com/ddex-check/ddex-check/blob/main/packages/engine/src/rules';
export function docsUrl(rule) {
    return `${DOCS_BASE}/${rule.stage}/${rule.id}/README.md`;
}
export function listRules() {
    return RULES.map((rule) => ({
        id: rule.id,
        stage: rule.stage,
        label: rule.meta.label,
        description: rule.meta.description,
        versions: rule.meta.versions,
        severity: { recommended: presetSeverity(rule, 'ddex:recommended'), strict: presetSeverity(rule, 'ddex:strict') },
        ...(rule.meta.replacedBy ? { replacedBy: rule.meta.replacedBy } : {}),
        docs: docsUrl(rule),
    }));
}
//# sourceMappingURL=registry.js.map
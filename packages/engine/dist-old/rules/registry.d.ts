/** The rule list and what the CLI's `rules` command shows; the list itself is generated from the rule folders. */
import { RULES } from './index.generated.js';
import type { Rule } from './define.js';
export { RULES };
export interface RuleInfo {
    id: string;
    stage: Rule['stage'];
    label: string;
    description: string;
    versions: readonly string[] | 'all';
    severity: {
        recommended: string;
        strict: string;
    };
    replacedBy?: string[];
    docs: string;
}
export declare const DOCS_BASE = "https://github.com/ddex-check/ddex-check/blob/main/packages/engine/src/rules";
export declare function docsUrl(rule: Pick<Rule, 'id' | 'stage'>): string;
export declare function listRules(): RuleInfo[];
//# sourceMappingURL=registry.d.ts.map
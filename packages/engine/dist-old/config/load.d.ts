import type { Profile } from '../profile/types.js';
import type { RuleSetting } from '../rules/severity.js';
export declare const CONFIG_FILE_NAME = "ddex-check.config.json";
export interface LoadedConfig {
    /** Absolute path of the file read. */
    file: string;
    preset?: 'ddex:recommended' | 'ddex:strict';
    rules: Record<string, RuleSetting>;
    /** Merged over the default profile; absent when the file has no `profile` key. */
    profile?: Profile;
    /** Absolute. */
    schemasDir?: string;
    /** Absolute. */
    catalogFile?: string;
}
/** What the loader needs to know of a rule, to reject unknown ids and check rule options. */
export interface KnownRule {
    id: string;
    meta: {
        optionsSchema?: object;
        replacedBy?: string[];
    };
}
/** Nearest `ddex-check.config.json` from `startDir` up to the filesystem root, or null. */
export declare function findConfigFile(startDir: string): Promise<string | null>;
/** Rejects unknown rule ids and rule options that do not fit the rule's own options schema. */
export declare function checkRuleSettings(rules: Record<string, RuleSetting>, known: readonly KnownRule[], file: string, keyPrefix?: string): void;
/** Checks a parsed config value; `file` is used for messages and to resolve relative paths. */
export declare function configFromValue(value: unknown, file: string, known?: readonly KnownRule[]): LoadedConfig;
export declare function loadConfigFile(file: string, known?: readonly KnownRule[]): Promise<LoadedConfig>;
//# sourceMappingURL=load.d.ts.map
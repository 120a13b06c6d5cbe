/**
 * Severity is the engine's, never a rule's: preset (`ddex:recommended`, `ddex:strict`), then
 * per-rule overrides from the config file and the command line.
 */
import type { Severity } from '../report/types.js';
import type { Rule } from './define.js';
export declare const PRESETS: readonly ["ddex:recommended", "ddex:strict"];
export type PresetName = (typeof PRESETS)[number];
export type RuleSetting = Severity | [Severity, Record<string, unknown>];
export interface ActiveRule {
    rule: Rule;
    severity: Exclude<Severity, 'off'>;
    options: Record<string, unknown>;
}
export declare class ConfigError extends Error {
    readonly key: string;
    constructor(message: string, key: string);
}
export declare function presetSeverity(rule: Rule, preset: PresetName): Exclude<Severity, 'off'>;
/** Resolves which rules run and at what severity; throws ConfigError naming the bad key. */
export declare function resolveRules(rules: readonly Rule[], preset?: string, overrides?: Record<string, RuleSetting>): ActiveRule[];
/** Levenshtein distance, for "did you mean" suggestions. */
export declare function editDistance(a: string, b: string): number;
//# sourceMappingURL=severity.d.ts.map
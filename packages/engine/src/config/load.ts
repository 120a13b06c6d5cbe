/**
 * The config file: found as `ddex-check.config.json` in the working folder or the nearest parent
 * (or given with `--config`), checked against `CONFIG_SCHEMA`, paths made absolute relative to the
 * file, the profile merged over the default, and rule ids checked against the engine's rules.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Profile } from '../profile/types.js';
import type { RuleSetting } from '../rules/severity.js';
import { checkAgainst } from './check-schema.js';
import { ConfigFileError } from './errors.js';
import { readJsonFile } from './json-file.js';
import { mergeProfile, type PartialProfile } from './profile.js';
import { CONFIG_SCHEMA } from './schema.js';

export const CONFIG_FILE_NAME = 'ddex-check.config.json';

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
  meta: { optionsSchema?: object; replacedBy?: string[]; storeOnly?: true };
}

/** Nearest `ddex-check.config.json` from `startDir` up to the filesystem root, or null. */
export async function findConfigFile(startDir: string): Promise<string | null> {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    try {
      await access(candidate);
      return candidate;
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return null;
      dir = parent;
    }
  }
}

function nearest(id: string, known: string[]): string | undefined {
  // Cheap "did you mean": same words in another order, or one word off.
  const words = new Set(id.split('-'));
  let best: string | undefined;
  let bestScore = 0;
  for (const candidate of known) {
    const shared = candidate.split('-').filter((w) => words.has(w)).length;
    if (shared > bestScore) [best, bestScore] = [candidate, shared];
  }
  return bestScore >= 2 ? best : undefined;
}

/** Rejects unknown rule ids and rule options that do not fit the rule's own options schema. */
export function checkRuleSettings(rules: Record<string, RuleSetting>, known: readonly KnownRule[], file: string, keyPrefix = 'rules'): void {
  const byId = new Map(known.map((r) => [r.id, r]));
  for (const [id, setting] of Object.entries(rules)) {
    const rule = byId.get(id);
    if (!rule) {
      const guess = nearest(id, known.filter((r) => !r.meta.storeOnly).map((r) => r.id)); // store requirements are named by store profiles, rarely typed
      throw new ConfigFileError(`unknown rule "${id}"${guess ? ` (did you mean "${guess}"?)` : ''}`, file, `${keyPrefix}.${id}`);
    }
    if (Array.isArray(setting)) {
      if (!rule.meta.optionsSchema) throw new ConfigFileError(`rule "${id}" takes no options`, file, `${keyPrefix}.${id}`);
      checkAgainst(`options:${id}`, rule.meta.optionsSchema, setting[1], file, `${keyPrefix}.${id}[1]`);
    }
  }
}

/** Checks a parsed config value; `file` is used for messages and to resolve relative paths. */
export function configFromValue(value: unknown, file: string, known?: readonly KnownRule[]): LoadedConfig {
  checkAgainst('config', CONFIG_SCHEMA, value, file, '');
  const raw = value as {
    extends?: LoadedConfig['preset'];
    rules?: Record<string, RuleSetting>;
    profile?: PartialProfile;
    schemas?: string;
    catalog?: string;
  };
  const rules = raw.rules ?? {};
  if (known) checkRuleSettings(rules, known, file);
  const dir = path.dirname(path.resolve(file));
  const config: LoadedConfig = { file: path.resolve(file), rules };
  if (raw.extends) config.preset = raw.extends;
  if (raw.profile) config.profile = mergeProfile(raw.profile);
  if (raw.schemas) config.schemasDir = path.resolve(dir, raw.schemas);
  if (raw.catalog) config.catalogFile = path.resolve(dir, raw.catalog);
  return config;
}

export async function loadConfigFile(file: string, known?: readonly KnownRule[]): Promise<LoadedConfig> {
  const value = await readJsonFile(file, 'config file');
  return configFromValue(value, file, known);
}

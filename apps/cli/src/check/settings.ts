/**
 * Turns the command line and the config file into one settings object: the command line wins over
 * the config file, which wins over the defaults. Every mistake is a UsageError (exit 2) that names
 * the option or the config key.
 */
import path from 'node:path';
import {
  ConfigFileError,
  CatalogFileError,
  FAIL_ON,
  FORMATS_WITH_RECORDINGS,
  JsonCatalog,
  checkRuleSettings,
  findConfigFile,
  loadConfigFile,
  loadProfileFile,
  type FailOn,
  type LoadedConfig,
  type RuleSetting,
  type ValidateOptions,
  STORES,
  storeById,
} from '@ddex-check/engine';
import { UsageError } from '../usage-error.js';
import { KNOWN_RULES } from './active-rules.js';
import type { OutputTarget } from './outputs.js';
import type { SeverityWord } from './rule-options.js';

export interface RawCheckOptions {
  failOn: string;
  maxWarnings?: string;
  config?: string | false;
  rule?: Record<string, SeverityWord>;
  baseline?: string;
  writeBaseline?: string;
  schemas?: string;
  schemaEngine?: string;
  deep?: boolean;
  media: boolean;
  catalog?: string;
  profile?: string;
  stores?: string;
  concurrency?: string;
  color?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  requireSchemas?: boolean;
}

export interface CheckSettings {
  inputs: string[];
  targets: OutputTarget[];
  failOn: FailOn;
  maxWarnings: number | null;
  configFile: string | null;
  preset: string | undefined;
  rules: Record<string, RuleSetting>;
  validate: Omit<ValidateOptions, 'onProgress' | 'name'>;
  baseline: string | null;
  writeBaseline: string | null;
  concurrency: number;
  color: boolean | undefined;
  verbose: boolean;
  quiet: boolean;
  /** Exit 2 when schema validation could not run (no XSD set installed for a message's version). */
  requireSchemas: boolean;
}

function wholeNumber(option: string, value: string | undefined, min: number): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min) throw new UsageError(`${option} must be a whole number ≥ ${min}, not "${value}"`);
  return Number(value);
}

async function loadConfig(raw: RawCheckOptions, cwd: string): Promise<LoadedConfig | null> {
  if (raw.config === false) return null;
  const file = raw.config ? path.resolve(cwd, raw.config) : await findConfigFile(cwd);
  if (!file) return null;
  return loadConfigFile(file, KNOWN_RULES);
}

export async function resolveSettings(inputs: string[], raw: RawCheckOptions, targets: OutputTarget[], cwd: string): Promise<CheckSettings> {
  if (inputs.length === 0) throw new UsageError('give at least one delivery: a folder, a .zip or an .xml message');
  if (!(FAIL_ON as readonly string[]).includes(raw.failOn)) throw new UsageError(`--fail-on must be ${FAIL_ON.join(', ')}, not "${raw.failOn}"`);
  if (raw.schemaEngine !== undefined && !['libxml2', 'compiled'].includes(raw.schemaEngine)) {
    throw new UsageError(`--schema-engine must be libxml2 or compiled, not "${raw.schemaEngine}"`);
  }
  const maxWarnings = wholeNumber('--max-warnings', raw.maxWarnings, 0);
  const concurrency = wholeNumber('--concurrency', raw.concurrency, 1) ?? 4;

  try {
    const config = await loadConfig(raw, cwd);
    const cliRules = raw.rule ?? {};
    checkRuleSettings(cliRules, KNOWN_RULES, '--rule', 'rule');
    const rules: Record<string, RuleSetting> = { ...(config?.rules ?? {}), ...cliRules };
    const catalogFile = raw.catalog ? path.resolve(cwd, raw.catalog) : config?.catalogFile;
    const catalog = catalogFile ? await JsonCatalog.fromFile(catalogFile) : undefined;
    const profile = raw.profile ? await loadProfileFile(path.resolve(cwd, raw.profile)) : config?.profile;
    const schemasDir = raw.schemas ? path.resolve(cwd, raw.schemas) : config?.schemasDir;
    return {
      inputs,
      targets,
      failOn: raw.failOn as FailOn,
      maxWarnings,
      configFile: config?.file ?? null,
      preset: config?.preset,
      rules,
      validate: {
        ...(schemasDir ? { schemasDir } : {}),
        ...(raw.schemaEngine ? { schemaEngine: raw.schemaEngine as 'libxml2' | 'compiled' } : {}),
        ...(config?.preset ? { preset: config.preset } : {}),
        rules,
        ...(profile ? { profile } : {}),
        ...(catalog ? { catalog } : {}),
        ...(raw.stores !== undefined ? { stores: storeIds(raw.stores) } : {}),
        deep: raw.deep === true,
        media: raw.media !== false,
        // A catalog's recordings are listed only for an output that prints them (JSON).
        // Streamed: read from the model as the JSON is written, never held as objects (414,000 at 1 GB).
        recordings: targets.some((t) => FORMATS_WITH_RECORDINGS.has(t.format)) ? 'stream' : false,
      },
      baseline: raw.baseline ? path.resolve(cwd, raw.baseline) : null,
      writeBaseline: raw.writeBaseline ? path.resolve(cwd, raw.writeBaseline) : null,
      concurrency,
      color: raw.color,
      verbose: raw.verbose === true,
      quiet: raw.quiet === true,
      requireSchemas: raw.requireSchemas === true,
    };
  } catch (error) {
    if (error instanceof ConfigFileError) {
      const file = error.file && path.isAbsolute(error.file) ? path.relative(cwd, error.file) || error.file : error.file;
      throw new UsageError(file === '--rule' ? `--rule ${error.key.replace(/^rule\./, '')}: ${error.message}` : [file, error.key, error.message].filter(Boolean).join(': '));
    }
    if (error instanceof CatalogFileError) {
      const file = path.relative(cwd, error.file) || error.file;
      throw new UsageError(`${file}: ${error.message.slice(error.file.length + 2)}`);
    }
    throw error;
  }
}

/** `--stores spotify,youtube`: known store ids, in the order given, each once. */
function storeIds(value: string): string[] {
  const ids = [...new Set(value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))];
  if (ids.length === 0) throw new UsageError(`--stores needs store ids (known: ${STORES.map((s) => s.id).join(', ')})`);
  for (const id of ids) {
    if (!storeById(id)) throw new UsageError(`--stores: unknown store "${id}" (known: ${STORES.map((s) => s.id).join(', ')}; see "ddex-check profiles list")`);
  }
  return ids;
}

/**
 * Start-up check: a process that runs the engine (the api role answers dry runs, the worker role
 * imports deliveries) must have the DDEX XSD set of every ERN version the engine reads. Without
 * one, every message of that version would be answered with schema validation `skipped` and could
 * be imported unchecked, so the process refuses to start unless the operator opted out.
 */
import { SchemaStore, SUPPORTED_ERN_VERSIONS } from '@ddex-check/engine';
import type { ServerConfig } from '../config.js';
import { StartupRefused } from '../startup-refused.js';

/** Supported ERN versions with no XSD set in `--schemas`/`DDEX_SCHEMAS_DIR`/the user cache. */
export function missingSchemaVersions(store = new SchemaStore()): string[] {
  return SUPPORTED_ERN_VERSIONS.filter((version) => store.locate(version) === null);
}

/**
 * Throws `StartupRefused` when a version's schemas are missing and the operator did not opt out;
 * returns the warning to print when they did (null when every set is there or no role runs the engine).
 */
export function checkSchemasAtStart(config: Pick<ServerConfig, 'roles' | 'allowMissingSchemas'>, store = new SchemaStore()): string | null {
  if (!config.roles.has('api') && !config.roles.has('worker')) return null;
  const missing = missingSchemaVersions(store);
  if (missing.length === 0) return null;
  const where = `DDEX_SCHEMAS_DIR (now ${process.env.DDEX_SCHEMAS_DIR ? `"${process.env.DDEX_SCHEMAS_DIR}"` : 'not set'}) or the user cache of "ddex-check schemas pull" (${store.roots().at(-1)!.root})`;
  const list = missing.map((v) => `ERN ${v}`).join(', ');
  if (config.allowMissingSchemas) {
    return `schema validation is OFF for ${list}: no XSD set in ${where}. Messages of ${missing.length === 1 ? 'that version' : 'those versions'} are answered and imported with xml-schema-valid "skipped" (every report says the schema was not checked), because --allow-missing-schemas (DDEX_ALLOW_MISSING_SCHEMAS) is set`;
  }
  throw new StartupRefused(
    `no DDEX schema for ${list} in ${where}. Set DDEX_SCHEMAS_DIR to a folder holding one ern-<version>/ folder per version, ` +
      `or run "npx ddex-check schemas pull ${missing.join(' ')}" as the user the server runs as. ` +
      `To start anyway, with schema validation skipped for ${missing.length === 1 ? 'that version' : 'those versions'}, pass --allow-missing-schemas or set DDEX_ALLOW_MISSING_SCHEMAS=1.`,
  );
}

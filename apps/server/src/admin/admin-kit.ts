/**
 * What every capability's admin commands (`<capability>/admin.ts`) are given by the `ddex-server
 * admin` program (cli.ts): the wrapper that opens the database for an action and prints its result,
 * and the parser of whole-number options. Below both, so neither imports the other.
 */
import { CommanderError } from 'commander';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Dialect } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/**
 * Wraps an admin action: opens the migrated database of `--data-dir`, runs it, prints its result
 * (JSON with `--json`). Capabilities add their admin commands with it (`<capability>/admin.ts`).
 */
export type WithDb = <T>(
  fn: (db: Kysely<Database>, opts: Record<string, unknown>, env: { config: ServerConfig; dialect: Dialect }) => Promise<T>,
  print: (result: T) => string,
) => (opts: Record<string, unknown>) => Promise<void>;

/** The parser of a whole-number option (`--account <id>`), given to each capability's admin commands. */
export type IntArg = (name: string) => (value: string) => number;

export const intArg: IntArg = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new CommanderError(2, 'invalid', `${name} must be a whole number (got "${value}")`);
  return n;
};

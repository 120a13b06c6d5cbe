/**
 * Finds the DDEX XSD set of an ERN version on disk. DDEX licenses its schemas, so none ship with
 * ddex-check: they are looked for, in order, in `--schemas DIR` (the `dir` option), in
 * `DDEX_SCHEMAS_DIR`, then in the user cache that `ddex-check schemas pull` fills. Each of those
 * folders holds one `ern-<version>/` folder per version with `release-notification.xsd` and its
 * imports side by side (ERN 4.3.2 keeps its main file one folder down, `ernv432/`). Sets are read
 * once per process; nothing is ever fetched from the network.
 */
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSchemaSet, type LoadedSchemaSet } from './schema-imports.js';

export type { LoadedSchemaSet, SchemaFile } from './schema-imports.js';
export { SchemaSetError } from './schema-imports.js';

export type SchemaOrigin = 'option' | 'env' | 'cache';

export interface SchemaLocation {
  /** The set folder, `<root>/ern-<version>`. */
  dir: string;
  /** Absolute path of the main XSD (`release-notification.xsd`). */
  mainFile: string;
  origin: SchemaOrigin;
}

export interface SchemaStoreOptions {
  /** `--schemas DIR`: searched first. */
  dir?: string;
}

const MAIN_FILE = 'release-notification.xsd';

/** Loaded sets by main file, shared by every store of the process. */
const loaded = new Map<string, Promise<LoadedSchemaSet>>();

/**
 * Main files found, by set folder. A set once found is not looked for again (its files are read
 * once per process anyway): a server asked for the set by every dry run's rules and validator had
 * spent a stat and a directory read on each ask. A folder without one is looked in again, so a set
 * installed while a process runs is found.
 */
const mainFiles = new Map<string, string>();

export class SchemaStore {
  private readonly dir: string | undefined;

  constructor(opts: SchemaStoreOptions = {}) {
    this.dir = opts.dir;
  }

  /** The folders searched, in order (the environment is read at each call). */
  roots(): { root: string; origin: SchemaOrigin }[] {
    const roots: { root: string; origin: SchemaOrigin }[] = [];
    if (this.dir) roots.push({ root: path.resolve(this.dir), origin: 'option' });
    const env = process.env.DDEX_SCHEMAS_DIR;
    if (env && env.trim() !== '') roots.push({ root: path.resolve(env), origin: 'env' });
    roots.push({ root: userCacheDir(), origin: 'cache' });
    return roots;
  }

  /** Where the set of `version` (`4.3`, `3.8.2`, also bonus sets like `4.3.2`) is, or null. */
  locate(version: string): SchemaLocation | null {
    if (!/^\d+(\.\d+)*$/.test(version)) return null; // never let a version name walk the file system
    for (const { root, origin } of this.roots()) {
      const dir = path.join(root, `ern-${version}`);
      const mainFile = mainFiles.get(dir) ?? findMainFile(dir);
      if (mainFile) {
        mainFiles.set(dir, mainFile);
        return { dir, mainFile, origin };
      }
    }
    return null;
  }

  /** Reads the set of `version` (cached per process); throws with the install hint when there is none. */
  load(version: string): Promise<LoadedSchemaSet> {
    const location = this.locate(version);
    if (!location) return Promise.reject(new Error(`no XSD set for ERN ${version} found; ${SchemaStore.installHint(version)}`));
    return loadLocation(location);
  }

  /** How to get the schemas of `version`. */
  static installHint(version: string): string {
    return `run "ddex-check schemas pull ${version}" or pass --schemas DIR / set DDEX_SCHEMAS_DIR`;
  }

  /** Forgets the sets read so far (after `schemas pull` replaced files). */
  static clearCache(): void {
    loaded.clear();
    mainFiles.clear();
  }
}

/** Reads a located set, once per process. A failed read is not kept, so a fixed folder is read again. */
export function loadLocation(location: SchemaLocation): Promise<LoadedSchemaSet> {
  let set = loaded.get(location.mainFile);
  if (!set) {
    set = readSchemaSet(location.dir, location.mainFile);
    loaded.set(location.mainFile, set);
    set.catch(() => loaded.delete(location.mainFile));
  }
  return set;
}

/**
 * The per-user folder of downloaded schemas: `$XDG_CACHE_HOME/ddex-check/schemas` or
 * `~/.cache/ddex-check/schemas` (Linux and other Unixes), `~/Library/Caches/ddex-check/schemas`
 * (macOS), `%LOCALAPPDATA%\ddex-check\schemas` (Windows).
 */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA && env.LOCALAPPDATA.trim() !== '' ? env.LOCALAPPDATA : path.win32.join(home, 'AppData', 'Local');
    return path.win32.join(local, 'ddex-check', 'schemas');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Caches', 'ddex-check', 'schemas');
  // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME && path.posix.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.posix.join(home, '.cache');
  return path.posix.join(xdg, 'ddex-check', 'schemas');
}

/** `<dir>/release-notification.xsd`, else the first sub-folder (by name) holding one (`ern-4.3.2/ernv432/`). */
function findMainFile(dir: string): string | null {
  const direct = path.join(dir, MAIN_FILE);
  if (isFile(direct)) return direct;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return null; // missing or unreadable: this root has no such set
  }
  const nested = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name, MAIN_FILE))
    .filter(isFile)
    .sort();
  return nested[0] ?? null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

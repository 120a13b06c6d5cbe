/**
 * Compiles each XSD set once: kept per process (by main file) and on disk as JSON named by the
 * SHA-256 of the set's files, in the user cache directory. A cache directory that cannot be read
 * or written only costs a recompile; a damaged cache file is ignored and rewritten.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readCacheJson, engineCacheDir, writeCacheJson } from '../cache/disk-cache.js';
import { COMPILED_FORMAT, type CompiledSet } from './compiled-set.js';
import { compileXsdSet } from './set-compiler.js';
import { SimpleChecker } from './simple-check.js';

export interface LoadedSet {
  set: CompiledSet;
  checker: SimpleChecker;
  /** 'memory', 'disk' or 'compiled'. */
  source: string;
}

const inProcess = new Map<string, LoadedSet>();

/** `$XDG_CACHE_HOME/ddex-check/compiled` or `~/.cache/ddex-check/compiled`. */
export function defaultCompiledCacheDir(): string {
  return engineCacheDir('compiled');
}

/** The set's folder: the `ern-<version>` folder holding the main file (4.3.2 nests it one deeper). */
function setRoot(mainFile: string): string {
  const dir = path.dirname(mainFile);
  return path.basename(dir).startsWith('ern-') ? dir : path.dirname(dir);
}

function listXsdFiles(dir: string, depth = 0): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (entry.endsWith('.xsd')) out.push(full);
    else if (depth < 2 && statSync(full).isDirectory()) out.push(...listXsdFiles(full, depth + 1));
  }
  return out;
}

/** SHA-256 of the compiler format, the main file's place in the set and every .xsd of the set. */
export function setKey(mainFile: string): string {
  const root = setRoot(mainFile);
  const hash = createHash('sha256').update(`format ${COMPILED_FORMAT}\0${path.relative(root, mainFile)}\0`);
  for (const file of listXsdFiles(root)) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function readDisk(file: string, key: string): CompiledSet | null {
  const set = readCacheJson<CompiledSet>(file);
  return set && set.format === COMPILED_FORMAT && set.key === key && Array.isArray(set.types) ? set : null;
}

/**
 * The compiled set for a main XSD file. `cacheDir` null disables the disk cache.
 * Throws (with file:line) when the XSD set cannot be compiled.
 */
export function loadCompiledSet(mainFile: string, cacheDir: string | null = defaultCompiledCacheDir()): LoadedSet {
  const abs = path.resolve(mainFile);
  const known = inProcess.get(abs);
  if (known) return { ...known, source: 'memory' };
  const key = setKey(abs);
  let set: CompiledSet | null = null;
  let source = 'compiled';
  const file = cacheDir ? path.join(cacheDir, `${key}.json`) : null;
  if (file) {
    set = readDisk(file, key);
    if (set) source = 'disk';
  }
  if (!set) {
    set = compileXsdSet(abs, key);
    if (file) writeCacheJson(file, set);
  }
  const loaded: LoadedSet = { set, checker: new SimpleChecker(set), source };
  inProcess.set(abs, loaded);
  return loaded;
}

/** Forgets the in-process sets (tests). */
export function clearCompiledSets(): void {
  inProcess.clear();
}

/**
 * Compiles each XSD set once: kept per process (by main file) and on disk as JSON named by the
 * SHA-256 of the files the set pulls in, in the user cache directory. A cache directory that cannot
 * be read or written only costs a recompile; a damaged cache file is ignored and rewritten.
 *
 * On disk each type is a JSON text of its own, parsed when the validator first asks for it: a
 * message uses a fraction of a set's types (ERN 4.3 has 601), and parsing them all took 5 of a
 * small run's 125 ms on Node 20.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { engineCacheDir, keyByStat, readCacheJson, writeCacheJson } from '../cache/disk-cache.js';
import { COMPILED_FORMAT, type CompiledSet, type TypeDef } from './compiled-set.js';
import { resolveSchemaLocation } from './schema-files.js';
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

/** `schemaLocation` of every import, include and redefine in an XSD file. */
const SCHEMA_LOCATION = /\bschemaLocation\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The main file and every file it pulls in (imports, includes and redefines, resolved as the
 * compiler resolves them), each once, in the order first reached. Only these files: the key never
 * depends on the folder around the set (a set in a shared folder such as /tmp once hashed it all,
 * and failed when another program removed a file there meanwhile).
 */
function setFiles(mainFile: string): { file: string; bytes: Buffer }[] {
  const out: { file: string; bytes: Buffer }[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const bytes = readFileSync(file);
    out.push({ file, bytes });
    for (const m of bytes.toString('utf8').matchAll(SCHEMA_LOCATION)) {
      const target = resolveSchemaLocation(file, m[1] ?? m[2]!);
      if (target) visit(path.resolve(target));
    }
  };
  visit(mainFile);
  return out;
}

/** SHA-256 of the compiler format and of each file of the set, named relative to the main file's folder. */
export function setKey(mainFile: string): string {
  return keyedSet(mainFile).key;
}

function keyedSet(mainFile: string): { key: string; files: string[] } {
  const dir = path.dirname(mainFile);
  const hash = createHash('sha256').update(`format ${COMPILED_FORMAT}\0`);
  const files = setFiles(mainFile);
  for (const { file, bytes } of files) hash.update(path.relative(dir, file)).update('\0').update(bytes).update('\0');
  return { key: hash.digest('hex'), files: files.map(({ file }) => file) };
}

/** A compiled set as written to disk: its types as JSON texts. */
type StoredSet = Omit<CompiledSet, 'types'> & { types: string[] };

function stored(set: CompiledSet): StoredSet {
  return { ...set, types: set.types.map((type) => JSON.stringify(type)) };
}

/**
 * The types of a set read from disk, each parsed on first read. The validator keeps what it makes
 * of a type by its id (PreparedTypes, SimpleChecker), so each is read about once.
 */
function typesOnDemand(texts: string[], file: string): TypeDef[] {
  const parsed: TypeDef[] = new Array<TypeDef>(texts.length);
  return new Proxy(parsed, {
    get(target, key, receiver) {
      if (typeof key === 'string') {
        const id = Number(key);
        if (Number.isInteger(id) && id >= 0 && id < texts.length && String(id) === key) {
          const known = target[id];
          if (known) return known;
          try {
            return (target[id] = JSON.parse(texts[id]!) as TypeDef);
          } catch {
            throw new Error(`the compiled schema ${file} is damaged (type ${id}); delete it and run again`);
          }
        }
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

function readDisk(file: string, key: string): CompiledSet | null {
  const set = readCacheJson<StoredSet>(file);
  if (!set || set.format !== COMPILED_FORMAT || set.key !== key || !Array.isArray(set.types)) return null;
  if (!set.types.every((type) => typeof type === 'string')) return null;
  return { ...set, types: typesOnDemand(set.types, file) };
}

/**
 * The compiled set for a main XSD file. `cacheDir` null disables the disk cache.
 * Throws (with file:line) when the XSD set cannot be compiled.
 */
export function loadCompiledSet(mainFile: string, cacheDir: string | null = defaultCompiledCacheDir()): LoadedSet {
  const abs = path.resolve(mainFile);
  const known = inProcess.get(abs);
  if (known) return { ...known, source: 'memory' };
  // A set whose files stat as when it was keyed is not read again (keyByStat).
  const key = keyByStat(cacheDir, `xsd set ${COMPILED_FORMAT}\0${abs}`, () => keyedSet(abs));
  let set: CompiledSet | null = null;
  let source = 'compiled';
  const file = cacheDir ? path.join(cacheDir, `${key}.json`) : null;
  if (file) {
    set = readDisk(file, key);
    if (set) source = 'disk';
  }
  if (!set) {
    set = compileXsdSet(abs, key);
    if (file) writeCacheJson(file, stored(set));
  }
  const loaded: LoadedSet = { set, checker: new SimpleChecker(set), source };
  inProcess.set(abs, loaded);
  return loaded;
}

/** Forgets the in-process sets (tests). */
export function clearCompiledSets(): void {
  inProcess.clear();
}

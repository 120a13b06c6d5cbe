// The bin runs the CommonJS bundle (dist/bundle/run.cjs) through vm.Script with V8's code cache on
// disk, written after the first run (with every function that run compiled) and read by the next
// ones: Node before 22.1 keeps no compiled code between runs, and Node's compile cache from 22.1 on
// keeps only what was compiled when the module loaded (its top level), not the engine's functions.
// A cache that cannot be read, written or is rejected by V8 (another Node, another bundle) only
// costs start-up time. Its name's hash is FNV-1a written here: the engine's (hash-text.ts) is in the
// bundle, which is not loaded yet.
// V8 also refuses a cache written under other flags than the reading run's, flags set while the
// process runs included: the bin's own, set before it loads the bundle (compiler-settings.js), name
// the cache, and those the engine set after the load (its heap settings for a message kept as
// bytes) are set back before the cache is written, since the next run reads it before any such
// change. Until both, a run on a message of 32 MiB or more refused the cache the run before had
// written and wrote it again, every time (0.9 MB, and the whole bundle compiled), and runs with and
// without the bin's compiler setting refused each other's.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Set by the engine once it changed V8's flags: a function setting them back (`RESTORE_V8_FLAGS`, packages/engine/src/ern/reader.ts). */
export const RESTORE_V8_FLAGS = Symbol.for('ddex-check.restore-v8-flags');

/**
 * Cache files kept in the folder, of any bundle, Node and set of V8 flags: the newest. Two installs
 * of other versions used in turn (a global one and a project's, or two checkouts benchmarked side by
 * side) each keep theirs; when each run removed every other bundle's cache, they removed each
 * other's, and every run compiled the whole bundle and wrote its cache again.
 */
const KEPT = 8;
/** A temporary file older than this is one a run left behind (killed while writing), not one being written. */
const LEFT_BEHIND_MS = 10 * 60 * 1000;

/**
 * What V8 checks a code cache against besides the source: its version and its flags. Named by the
 * flags as given (node's options and NODE_OPTIONS) and those the bin set before the load
 * (`runtimeFlags`), rather than by v8.cachedDataVersionTag(), whose module costs a run about 1.5 ms
 * to load; a cache V8 refuses all the same is written again.
 */
function flagsKey(runtimeFlags) {
  const text = `${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}${runtimeFlags ? `\0${runtimeFlags}` : ''}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** A file's modification time; 0 for one another run removed meanwhile. */
function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Loads `file` (a CommonJS script); returns its exports and `save()`, to await once the run is over.
 * `flags`: the V8 flags this process set for itself before (`v8.setFlagsFromString`), '' for none.
 */
export function loadWithCodeCache(file, cacheDir, { flags = '' } = {}) {
  const source = readFileSync(file, 'utf8');
  const stat = statSync(file);
  // The cache is V8's for this Node, these flags (given and set), this bundle: named by all three, so
  // that another Node (two in turn on one machine) neither reads it nor removes it.
  const bundle = `${stat.size}-${Math.floor(stat.mtimeMs)}`;
  const cacheFile = path.join(cacheDir, `run-${process.version}-${process.arch}-${process.versions.v8}-${flagsKey(flags)}-${bundle}.bin`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
  });
  // The bundle's dynamic imports (libraries loaded on first use) go through this module's import():
  // functions read from a code cache lose vm.Script's own dynamic-import callback.
  globalThis.__ddexImport = (specifier) => import(specifier);
  const wrapper = script.runInThisContext();
  const mod = { exports: {} };
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  const stale = cachedData === undefined || script.cachedDataRejected === true;
  return {
    exports: mod.exports,
    async save() {
      if (!stale) return;
      try {
        // Made once, by the engine's makeFolderSync (loaded then only: 2-4 ms): Node's recursive mkdir
        // never returns where a parent cannot hold the folder (packages/engine/src/make-folder.ts).
        if (!existsSync(cacheDir)) (await import('@ddex-check/engine/make-folder')).makeFolderSync(cacheDir);
        // The newest caches are kept, this one with them, KEPT in all: an old bundle's (an update, a
        // rebuild) go as newer ones are written.
        const others = [];
        const now = Date.now();
        for (const name of readdirSync(cacheDir)) {
          if (!name.startsWith('run-') || name === path.basename(cacheFile)) continue;
          const at = modifiedAt(path.join(cacheDir, name));
          if (name.endsWith('.bin')) others.push({ name, at });
          else if (now - at > LEFT_BEHIND_MS) rmSync(path.join(cacheDir, name), { force: true });
        }
        others.sort((a, b) => b.at - a.at);
        for (const { name } of others.slice(KEPT - 1)) rmSync(path.join(cacheDir, name), { force: true });
        // V8's flags as they were when the bundle loaded, as the next run's will be: the cache is
        // written under them (the run is over, nothing compiles after this).
        globalThis[RESTORE_V8_FLAGS]?.();
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // Read-only home, full disk: the next run compiles again.
      }
    },
  };
}

// The bin runs the CommonJS bundle (dist/bundle/run.cjs) through vm.Script with V8's code cache on
// disk, written after the first run (with every function that run compiled) and read by the next
// ones: Node before 22.1 keeps no compiled code between runs, and Node's compile cache from 22.1 on
// keeps only what was compiled when the module loaded (its top level), not the engine's functions. A cache that cannot be
// read, written or is rejected by V8 (another Node, another bundle) only costs start-up time.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

/** Loads `file` (a CommonJS script); returns its exports and `save()`, to call once the run is over. */
export function loadWithCodeCache(file, cacheDir) {
  const source = readFileSync(file, 'utf8');
  const stat = statSync(file);
  // The cache is V8's for this Node, this bundle: named by both, so another one never reads it.
  const key = `${process.version}-${process.arch}-${v8.cachedDataVersionTag()}-${stat.size}-${Math.floor(stat.mtimeMs)}`;
  const cacheFile = path.join(cacheDir, `run-${key}.bin`);
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
    save() {
      if (!stale) return;
      try {
        mkdirSync(cacheDir, { recursive: true });
        for (const name of readdirSync(cacheDir)) if (name.startsWith('run-') && name !== path.basename(cacheFile)) rmSync(path.join(cacheDir, name), { force: true });
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // Read-only home, full disk: the next run compiles again.
      }
    },
  };
}

#!/usr/bin/env node
// The only place that ends the process: run() returns the exit code (0 pass, 1 findings, 2 usage/internal).
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `--version` alone loads nothing else: it answers in Node's own start-up time.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version + '\n');
  process.exit(0);
}

// The largest message and zip given, looked for once (large-inputs.js).
const { inputPaths, largestInputs } = await import('./large-inputs.js');
const sizes = largestInputs(inputPaths(args));
// A run that may read a message of 64 MiB or more (256 MiB on Node 20) starts again in a child with
// settings for its memory (memory-settings.js).
const memory = await import('./memory-settings.js');
// In that child: where to say that the run ended (memory-settings.js, `runInChild`).
const runEnded = memory.runEndedFd();
const largest = memory.childInputs(args, { largest: sizes });
if (largest) process.exit(await memory.runInChild(fileURLToPath(import.meta.url), args, largest));
// A mid-sized message on one or two cores: V8 inlines less, so its compiler takes less of the run's CPU (compiler-settings.js).
const compilerFlag = await (await import('./compiler-settings.js')).applyCompilerSettings(sizes);
// A message large enough for a parse thread has it started now, while the CLI loads (early-thread.js).
await (await import('./early-thread.js')).startEarlyThread(sizes);

const cacheBase = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'ddex-check');
const cacheWanted = !process.env.NODE_DISABLE_COMPILE_CACHE;
// The bin keeps V8's code cache of the CommonJS bundle itself (code-cache.js), on every Node: Node
// 22.1+'s own compile cache is written as a module is compiled, before any of its functions ran, so
// it holds none of the engine's code (a run on Node 24 took 124 against 99 ms with the bin's cache).
// Node's cache still serves the bin's own modules and the unbundled fallback.
if (typeof module.enableCompileCache === 'function' && cacheWanted) {
  try {
    // Made first, once: Node's own making of it never returns where a parent cannot hold it
    // (packages/engine/src/make-folder.ts, loaded only then: 2-4 ms).
    const compileCache = path.join(cacheBase, 'node-compile-cache');
    if (!existsSync(compileCache)) (await import('@ddex-check/engine/make-folder')).makeFolderSync(compileCache);
    module.enableCompileCache(compileCache);
  } catch {
    // A cache that cannot be written only costs start-up time.
  }
}

let run;
let saveCodeCache = async () => {};
try {
  const cjs = fileURLToPath(new URL('../dist/bundle/run.cjs', import.meta.url));
  if (cacheWanted && existsSync(cjs)) {
    const { loadWithCodeCache } = await import('./code-cache.js');
    const loaded = loadWithCodeCache(cjs, path.join(cacheBase, 'v8-code-cache'), { flags: compilerFlag ?? '' });
    run = loaded.exports.run;
    saveCodeCache = loaded.save;
  } else {
    // The bundle (one module, built by `npm run build`) starts faster; the plain build is the fallback.
    ({ run } = await import('../dist/bundle/run.js').catch((error) => {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('bundle')) throw error;
      return import('../dist/run.js');
    }));
  }
} catch (error) {
  // A broken or missing build is an internal error (2), never a "findings" exit (1).
  process.stderr.write(`ddex-check: internal error: cannot load the CLI (${error?.message ?? error}); was it built ("npm run build")?\n`);
  await memory.tellRunEnded(runEnded, 2);
  process.exit(2);
}
const code = await run(process.argv.slice(2));
await saveCodeCache();
await memory.tellRunEnded(runEnded, code);
process.exit(code);

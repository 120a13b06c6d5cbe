/**
 * Bundles the CLI (its dist and the engine's) into `apps/cli/dist/bundle/`: one module instead of
 * about 300, which Node resolves, reads and compiles in a third of the time (a run on the 75 KB
 * official sample: 276 -> 184 ms on Node 20). The bin loads the bundle when it is there, else
 * `dist/run.js`. The parse thread's worker is bundled beside it (the engine finds it as a sibling).
 * Native and heavy libraries stay outside, loaded from node_modules on first use; the two version
 * modules, which read a package.json next to them, become constants.
 */
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engineDir = path.resolve(cliDir, '../../packages/engine');
const outdir = path.join(cliDir, 'dist/bundle');
const version = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;

const constants = {
  name: 'version-constants',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/](engine-version|version)\.js$/ }, (args) => {
      const engine = args.path.startsWith(engineDir + path.sep);
      const name = engine ? 'ENGINE_VERSION' : 'CLI_VERSION';
      return { contents: `export const ${name} = ${JSON.stringify(version(engine ? engineDir : cliDir))};`, loader: 'js' };
    });
  },
};

// Node's built-in modules that a run on a small message never calls, yet the bundle's top level would
// load (each a few ms of a 100 ms run on Node 24): each becomes a module whose exports load the real
// one on first read. Its names are this Node's; a name another Node lacks reads undefined, as it would.
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const lazy = /^(node:)?(crypto|zlib|child_process|worker_threads|v8)$/;
    b.onResolve({ filter: lazy }, (args) => ({ path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (args) => {
      const names = Object.keys(await import(`node:${args.path}`)).filter((name) => name !== 'default');
      const contents = [
        'let loaded;',
        `const load = () => (loaded ??= process.getBuiltinModule(${JSON.stringify(`node:${args.path}`)}));`,
        `for (const name of ${JSON.stringify(names)}) Object.defineProperty(module.exports, name, { enumerable: true, get: () => load()[name] });`,
      ].join('\n');
      return { contents, loader: 'js' };
    });
  },
};

// chalk detects the terminal's colours as it loads (node:tty, and node:net under it: about 2 ms);
// the engine always gives its Chalk a level (the CLI decides colour), so the detection is left out.
const noColorDetection = {
  name: 'no-color-detection',
  setup(b) {
    b.onResolve({ filter: /^#supports-color$/ }, () => ({ path: 'supports-color', namespace: 'no-color-detection' }));
    b.onLoad({ filter: /.*/, namespace: 'no-color-detection' }, () => ({ contents: 'export default { stdout: false, stderr: false };', loader: 'js' }));
  },
};

await build({
  entryPoints: { run: path.join(cliDir, 'dist/run.js'), 'parse-worker': path.join(engineDir, 'dist/xml/parse-worker.js') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Loaded on first use from node_modules: native code, wasm, binaries, and what only some runs need.
  external: ['sharp', 'music-metadata', 'ora', 'xmllint-wasm', '@ffmpeg-installer/*', '@ffprobe-installer/*', 'ajv', 'ajv-formats'],
  // Bundled CommonJS dependencies call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __ddexCreateRequire } from 'node:module'; const require = __ddexCreateRequire(import.meta.url);" },
  plugins: [constants, lazyBuiltins, noColorDetection],
  logLevel: 'warning',
});

// The same CLI as one CommonJS script (`run.cjs`), which the bin runs through vm.Script with V8's
// code cache kept on disk (bin/code-cache.js), so that a second run does not compile the bundle
// again (about a fifth of a run on a small message). Node's own compile cache (22.1+) is no
// substitute: it keeps only the code compiled as the module loads, not the functions a run compiles.
await build({
  entryPoints: { run: path.join(cliDir, 'dist/run.js') },
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['sharp', 'music-metadata', 'ora', 'xmllint-wasm', '@ffmpeg-installer/*', '@ffprobe-installer/*', 'ajv', 'ajv-formats'],
  // import.meta.url of every bundled module is the script's own URL, as in the ESM bundle.
  define: { 'import.meta.url': '__ddexImportMetaUrl' },
  plugins: [constants, lazyBuiltins, noColorDetection],
  logLevel: 'warning',
});
// Functions read from a V8 code cache lose vm.Script's dynamic-import callback (Node 20: "A dynamic
// import callback was not specified"): the libraries loaded on first use (sharp, xmllint-wasm...)
// are imported through the bin's own import(), handed over as a global, plain import() otherwise.
const cjsFile = path.join(outdir, 'run.cjs');
const cjs = readFileSync(cjsFile, 'utf8');
const imports = cjs.match(/(?<![\w$.])import\(/g)?.length ?? 0;
if (imports === 0) throw new Error('run.cjs: no dynamic import found; check the rewriting in bundle.mjs');
// Strict mode first, as in the ESM bundle (a directive counts only at the top of the script).
const prelude = [
  '"use strict";',
  'const __ddexImport = globalThis.__ddexImport ?? ((specifier) => import(specifier));',
  "const __ddexImportMetaUrl = require('node:url').pathToFileURL(__filename).href;",
].join('\n');
writeFileSync(cjsFile, prelude + '\n' + cjs.replace(/(?<![\w$.])import\(/g, '__ddexImport('));

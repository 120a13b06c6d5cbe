#!/usr/bin/env node
/**
 * A whole CLI run on a small message against native libxml2 in the same run: `ddex-check` (schema +
 * every rule, through the bin and its bundle) beside `xmllint --noout --stream --schema` (schema
 * only), alternated, on DDEX's official 75 KB ERN 4.3 sample. Target (issue 20): under 2.5x
 * xmllint's time; issue 48: under 1.5x. Second runs only: the first fills the compiled-schema, AVS
 * and code caches (the bin's own V8 code cache of the bundle), each command in a cache folder of its
 * own, as any second run of a user finds them; `no code cache` is the same run with
 * NODE_DISABLE_COMPILE_CACHE=1; `snapshot` rows start Node from a V8 startup snapshot of the loaded
 * CLI built for the run (lib/cli-snapshot.cjs: what a snapshot would gain, not what the bin does).
 *   node bench/startup-bench.mjs [--runs 15] [--node PATH]... [--baseline DIR] [--bin-only]
 *   (--node: another Node, e.g. 24, measured in the same rounds, repeat for more; --baseline: another
 *   checkout's bin, built, run by this Node in the same rounds; --bin-only: no snapshot, no-cache or
 *   floor rows). Where NODE_EXTRA_CA_CERTS is set, each Node also runs without it (a row of its own).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', 15));
const shared = path.resolve(repo, '../shared/ddex');
const sample = path.join(shared, 'samples/ddex-official-ern43/1 Audio.xml');
const xsd = path.join(shared, 'xsd/ern-4.3/release-notification.xsd');
const env = { ...process.env, DDEX_SCHEMAS_DIR: path.join(shared, 'xsd'), NO_COLOR: '1' };
if (!existsSync(sample)) throw new Error(`sample not found: ${sample}`);

// Every Node given (`--node` repeated, this one first) is measured in the same alternated rounds.
const nodes = [process.execPath, ...process.argv.flatMap((a, i) => (a === '--node' ? [process.argv[i + 1]] : []))];
const bin = path.join(repo, 'apps/cli/bin/ddex-check.js');
const cjsBundle = path.join(repo, 'apps/cli/dist/bundle/run.cjs');
const cliArgs = [sample, '-f', 'json', '-o', '/dev/null'];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ddex-startup-bench-'));
const binOnly = process.argv.includes('--bin-only');
const baseline = arg('baseline', null);
const commands = { 'xmllint --stream --schema': ['xmllint', ['--noout', '--stream', '--schema', xsd, sample]] };
if (baseline) commands[`baseline ${path.basename(path.resolve(baseline))}, node ${process.version}`] = [process.execPath, [path.join(path.resolve(baseline), 'apps/cli/bin/ddex-check.js'), ...cliArgs]];
for (const [n, node] of nodes.entries()) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  commands[`ddex-check, node ${version}`] = [node, [bin, ...cliArgs]];
  // NODE_EXTRA_CA_CERTS (set on these machines, to a bundle of about 150 certificates): Node 20
  // reads and parses every certificate in it as the process starts, before any script runs (about
  // 30 ms: `node -e 0` 50 against 18 ms), Node 22 and later when TLS first needs them. The same run
  // without it is what a machine that does not set it sees.
  if (env.NODE_EXTRA_CA_CERTS) commands[`  without NODE_EXTRA_CA_CERTS, node ${version}`] = [node, [bin, ...cliArgs], { NODE_EXTRA_CA_CERTS: null }];
  if (binOnly) continue;
  commands[`  no code cache, node ${version}`] = [node, [bin, ...cliArgs], { NODE_DISABLE_COMPILE_CACHE: '1' }];
  if (n === 0) commands[`  without the bundle, node ${version}`] = [node, ['--input-type=module', '-e', `const { run } = await import(${JSON.stringify(path.join(repo, 'apps/cli/dist/run.js'))}); process.exitCode = await run(process.argv.slice(1));`, ...cliArgs]];
  // V8 startup snapshots of the loaded CLI (lib/cli-snapshot.cjs), built now for this Node: loaded
  // only, and warm (the CLI ran once on the sample while it was built).
  for (const warm of [false, true]) {
    const blob = path.join(scratch, `cli-${n}-${warm ? 'warm' : 'loaded'}.blob`);
    const built = spawnSync(node, ['--snapshot-blob', blob, '--build-snapshot', path.join(repo, 'bench/lib/cli-snapshot.cjs')], {
      env: { ...env, DDEX_BUNDLE: cjsBundle, ...(warm ? { DDEX_WARM: sample } : {}) },
      encoding: 'utf8',
    });
    if (built.status !== 0) console.log(`snapshot (${warm ? 'warm' : 'loaded'}) not built on node ${version}: ${built.stderr.split('\n').filter((l) => !/Warning|It may|To request|trace-warnings/.test(l)).join(' ').trim()}`);
    else commands[`  snapshot, ${warm ? 'warm' : 'loaded'}, node ${version}`] = [node, ['--snapshot-blob', blob, ...cliArgs]];
  }
  commands[`  node -e 0 (start-up floor), node ${version}`] = [node, ['-e', '0']];
}

// Each command keeps its caches in a folder of its own, filled by its first run: one checkout's or
// one Node's code cache would otherwise replace another's at every turn.
// A variable given as null in a command's environment is taken out of it.
function timeOnce([cmd, args, extraEnv], cacheHome) {
  const runEnv = { ...env, ...extraEnv, XDG_CACHE_HOME: cacheHome };
  for (const [name, value] of Object.entries(runEnv)) if (value === null) delete runEnv[name];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env: runEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status > 1) throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return ms;
}

const names = Object.keys(commands);
const times = Object.fromEntries(names.map((n) => [n, []]));
const cacheHome = (n) => path.join(scratch, `cache-${names.indexOf(n)}`);
for (const n of names) timeOnce(commands[n], cacheHome(n)); // warm every cache once
for (let i = 0; i < runs; i++) for (const n of names) times[n].push(timeOnce(commands[n], cacheHome(n)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times['xmllint --stream --schema']);
const load = os.loadavg()[0].toFixed(1);
console.log(`${runs} alternated rounds, load average ${load} (1 min)`);
for (const n of names) {
  const m = median(times[n]);
  console.log(`${n.padEnd(44)} median ${m.toFixed(1).padStart(7)} ms  min ${Math.min(...times[n]).toFixed(1).padStart(7)} ms  ${(m / base).toFixed(2)}x xmllint`);
}
rmSync(scratch, { recursive: true, force: true });

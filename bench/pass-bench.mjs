#!/usr/bin/env node
// Issue 2 benchmark: throughput and peak RSS of the engine's full pass (ERN reader + every rule,
// schema validation excluded) against saxes' raw parse of the same generated ERN 4.3 message,
// each measured in its own child process in the same run. Sizes in MB: --sizes 100,200; runs per
// mode (alternated, the fastest counts: the machine is shared): --runs 3. Throughput is timed from
// the call to the end of the work, without loading the modules (timed apart: the engine's import
// is paid once per process); the engine parses on its parse thread as it decides by size.
// Two floors are measured beside it, to show where the time goes: the pass with no listener at
// all (saxes on the parse thread, events handed to the pass's thread) and the pass that builds
// the ERN model with every rule off. "cores" is the process's CPU time over its wall time.
import { fork } from 'node:child_process';
import { createReadStream, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateErn43 } from './generate-ern43.mjs';

const self = fileURLToPath(import.meta.url);

async function child(mode, file) {
  if (mode === 'raw') {
    const t0 = process.hrtime.bigint();
    const { SaxesParser } = await import('saxes');
    const started = process.hrtime.bigint();
    const parser = new SaxesParser({ xmlns: true, position: true });
    let elements = 0;
    parser.on('opentag', () => elements++);
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 16 })) parser.write(decoder.decode(chunk, { stream: true }));
    parser.close();
    return { elements, seconds: Number(process.hrtime.bigint() - started) / 1e9, importSeconds: Number(started - t0) / 1e9 };
  }
  if (mode === 'parse') {
    // Internal on purpose: the engine's pass with nothing listening (no public API runs it bare).
    const { runMessagePass } = await import('../packages/engine/dist/xml/pass.js');
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const result = await runMessagePass(createReadStream(file, { highWaterMark: 1 << 16 }), () => ({ listeners: [] }), { parseThread: statSync(file).size });
    return { elements: result.elements, ...timed(started, cpu) };
  }
  const t0 = process.hrtime.bigint();
  const { validate, RULES } = await import('../packages/engine/dist/index.js');
  const rules = mode === 'model' ? Object.fromEntries(RULES.map((r) => [r.id, 'off'])) : { 'xml-schema-valid': 'off' };
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const report = await validate(file, { media: false, rules });
  return { verdict: report.verdict, checks: report.checks.length, releases: report.summary.releases, ...timed(started, cpu), importSeconds: Number(started - t0) / 1e9 };
}

/** Wall seconds since `started`, and the cores used on average (CPU time of every thread over wall time). */
function timed(started, cpu) {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { seconds, cores: (used.user + used.system) / 1e6 / seconds };
}

if (process.argv[2] === '--child') {
  const result = await child(process.argv[3], process.argv[4]);
  process.send({ ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 });
  process.exit(0);
}

const run = (mode, file) =>
  new Promise((resolve, reject) => {
    const p = fork(self, ['--child', mode, file], { execArgv: ['--max-old-space-size=4096'] });
    p.on('message', resolve);
    p.on('error', reject);
    p.on('exit', (code) => code !== 0 && reject(new Error(`${mode} child exited ${code}`)));
  });

const option = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(name));
  return arg ? (arg.split('=')[1] ?? process.argv[process.argv.indexOf(arg) + 1]) : fallback;
};
const runs = Number(option('--runs', '3'));
/** The fastest of `runs` runs of each mode, alternated so that both see the same machine; peak RSS the largest. */
async function best(file) {
  const all = { raw: [], parse: [], model: [], pass: [] };
  for (let i = 0; i < runs; i++) for (const mode of Object.keys(all)) all[mode].push(await run(mode, file));
  const pick = (list) => ({ ...list.reduce((a, b) => (b.seconds < a.seconds ? b : a)), maxRssMb: Math.max(...list.map((r) => r.maxRssMb)) });
  return Object.fromEntries(Object.entries(all).map(([mode, list]) => [mode, pick(list)]));
}
const sizes = option('--sizes', '100,200').split(',').map(Number);
const rows = [];
for (const mb of sizes) {
  const file = path.join(os.tmpdir(), `ddex-check-bench-${mb}mb.xml`);
  const tracks = await generateErn43(file, mb * 1024 * 1024);
  const bytes = statSync(file).size;
  const { raw, parse, model, pass } = await best(file);
  rmSync(file, { force: true });
  const rate = (r) => bytes / 1024 / 1024 / r.seconds;
  rows.push({ mb: (bytes / 1024 / 1024).toFixed(0), tracks, raw, pass, ratio: rate(pass) / rate(raw) });
  console.log(`${(bytes / 1048576).toFixed(0)} MB, ${tracks} track releases, best of ${runs} run(s):`);
  console.log(`  saxes raw parse : ${rate(raw).toFixed(1)} MB/s, peak RSS ${raw.maxRssMb.toFixed(0)} MB`);
  const share = (r) => `${(100 * (rate(r) / rate(raw))).toFixed(0)}% of raw saxes, ${r.cores.toFixed(2)} cores`;
  console.log(`  floor: pass, nothing listening : ${rate(parse).toFixed(1)} MB/s = ${share(parse)}, peak RSS ${parse.maxRssMb.toFixed(0)} MB`);
  console.log(`  floor: pass + ERN model, no rule: ${rate(model).toFixed(1)} MB/s = ${share(model)}, peak RSS ${model.maxRssMb.toFixed(0)} MB`);
  console.log(`  engine full pass: ${rate(pass).toFixed(1)} MB/s, peak RSS ${pass.maxRssMb.toFixed(0)} MB (verdict ${pass.verdict}, ${pass.checks} checks; engine import ${(pass.importSeconds * 1000).toFixed(0)} ms apart)`);
  console.log(`  full pass / raw saxes = ${(100 * (rate(pass) / rate(raw))).toFixed(0)}% (target >= 50%), ${pass.cores.toFixed(2)} cores`);
}
if (rows.length > 1) {
  const [a, b] = [rows[0], rows[rows.length - 1]];
  console.log(`peak RSS per track release: ${(((b.pass.maxRssMb - a.pass.maxRssMb) * 1024) / (b.tracks - a.tracks)).toFixed(2)} KB (model growth), raw saxes RSS ${a.raw.maxRssMb.toFixed(0)} -> ${b.raw.maxRssMb.toFixed(0)} MB`);
}

#!/usr/bin/env node
/**
 * Partner API server benchmark (run after `npm run build`):
 *  1. Dry runs through POST /v1/ddex/validate against the engine called directly (sequentially, in
 *     this process) in the same run, for the 75 KB official ERN 4.3 sample (16 clients, blocks of
 *     `--seconds`, `--rounds` rounds of every variant between engine blocks) and a generated 100 MB message (2 clients, `--big-runs` rounds of the engine once
 *     and each variant once): rates, CPU a dry run (the server's from /proc, every thread; the
 *     engine's from process.cpuUsage), answered and busy counts, with one key and with several, and
 *     the overhead of the API over the engine. Clients honour Retry-After on 429 busy.
 *  2. Upload rate of a 2 GB raw POST /v1/ddex body against a plain streamed file copy, with the
 *     server's RSS sampled during the upload and its peak (VmHWM) printed.
 * Usage: node bench/server-bench.mjs [--seconds 20] [--rounds 1] [--clients 16] [--keys 4] [--big-mb 100]
 *   [--big-runs 4] [--big-clients 2] [--upload-gb 2] (0 skips the 100 MB or the upload part) [--cpu-prof DIR]
 *   [--warm-runs 2000] (dry runs of the small message each side runs first, not measured)
 *   (`--big-clients 1`: one big dry run at a time, as the engine in-process runs them)
 *   (the server writes CPU profiles of its threads into DIR)
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { generateErn43 } from './generate-ern43.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const SECONDS = Number(args.seconds ?? 20);
const CLIENTS = Number(args.clients ?? 16);
/** Rounds of the small message's blocks (benchDryRuns): each variant once a round, set against the engine blocks around it. */
const ROUNDS = Math.max(1, Number(args.rounds ?? 1));
/** Dry runs of the small message each side runs before it is measured (benchDryRuns). */
const WARM_RUNS = Number(args['warm-runs'] ?? 2000);
const KEYS = Number(args.keys ?? 4);
const BIG_MB = Number(args['big-mb'] ?? 100);
const BIG_RUNS = Number(args['big-runs'] ?? 4);
const BIG_CLIENTS = Number(args['big-clients'] ?? 2);
const PROFILE_DIR = args['cpu-prof'];
// Another checkout's server (built), measured beside this one in the same run: before/after figures.
const BEFORE = args.before ? path.resolve(args.before) : null;
const UPLOAD_BYTES = Math.round(Number(args['upload-gb'] ?? 2) * 1024 ** 3);
process.env.DDEX_SCHEMAS_DIR ??= path.resolve(root, '../shared/ddex/xsd');
const SAMPLE = path.resolve(root, '../shared/ddex/samples/ddex-official-ern43/1 Audio.xml');
const BIN = path.join(root, 'apps/server/bin/ddex-server.js');
const mb = (b) => (b / 1024 ** 2).toFixed(1);

/** An account with `keys` API keys (one by default); returns the keys. */
async function setUp(dataDir, keys = 1, serverRoot = root) {
  const { openMigratedDb, dbConfigFrom } = await import(path.join(serverRoot, 'apps/server/dist/db/connect.js'));
  const { createAccount } = await import(path.join(serverRoot, 'apps/server/dist/account/admin.js'));
  const { createKey } = await import(path.join(serverRoot, 'apps/server/dist/auth/admin.js'));
  const admin = { createAccount, createKey };
  const open = await openMigratedDb(dbConfigFrom(dataDir, undefined));
  const account = await admin.createAccount(open.db, { name: 'Bench', email: 'bench@example.test', plan: 'custom', active: true, rate: 10_000_000 });
  const made = [];
  for (let i = 0; i < keys; i++) made.push((await admin.createKey(open.db, { account: account.id, name: `bench ${i + 1}`, scopes: ['ddex:write'] })).key);
  await open.close();
  return keys === 1 ? made[0] : made;
}

function startServer(dataDir, env, serverRoot = root) {
  const profile = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] : [];
  const child = spawn(process.execPath, [...profile, path.join(serverRoot, 'apps/server/bin/ddex-server.js'), 'start', '--port', '0', '--host', '127.0.0.1', '--quiet', '--data-dir', dataDir], {
    env: { ...process.env, SFTP_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds of a process so far, every thread (utime + stime from /proc; clock ticks of 1/100 s). */
function cpuSecondsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const loadNow = () => os.loadavg()[0].toFixed(1);

/** The engine called directly in this process, one run after another: runs, wall and CPU seconds. */
async function engineDirect(validate, body, { seconds, runs }) {
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  while (n < runs || (runs === 0 && performance.now() < end)) {
    await validate(body, { name: 'message.xml' });
    n++;
    if (runs === 0 && performance.now() >= end) break;
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { n, wall, cpu: (cpu.user + cpu.system) / 1e6 };
}

/**
 * `clients` clients posting dry runs, client i with key i % keys.length. A 429 busy is honoured:
 * the client waits the Retry-After it was given before trying again (so busy answers cost no spin).
 */
async function apiRun(server, body, keys, { clients, seconds, runs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const post = (key) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${server.url}/v1/ddex/validate`, { method: 'POST', agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml', 'content-length': body.length } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode, retryAfter: Number(res.headers['retry-after'] ?? 0) }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const statuses = {};
  let answered = 0;
  let busy = 0;
  const cpu0 = cpuSecondsOf(server.child.pid);
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const more = () => (runs ? answered < runs : performance.now() < end);
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const key = keys[i % keys.length];
      while (more()) {
        const { status, retryAfter } = await post(key);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) answered++;
        else if (status === 429) {
          busy++;
          await new Promise((r) => setTimeout(r, Math.max(1, retryAfter) * 1000));
        } else throw new Error(`POST /v1/ddex/validate answered ${status}`);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSecondsOf(server.child.pid) - cpu0;
  agent.destroy();
  return { n: answered, busy, statuses, wall, cpu };
}

const perRunMs = (r) => ((r.cpu / r.n) * 1000).toFixed(2);
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rate = (r) => r.n / r.wall;

/**
 * The large message in rounds: each round runs the engine once in-process and each server variant
 * (1 key, several keys, `--before`) with `clients` dry runs at once (the engine first in one round,
 * last in the next), and each variant's CPU a dry run is set against that round's engine run.
 * Blocks of several runs each (benchDryRuns) let the machine's speed drift between the engine's
 * figure and the API's: on these shared machines the engine's own figure moved by half between two
 * runs of the same code, more than the 10% in question. The figures are the medians of the rounds.
 */
async function pairedRounds(label, body, servers, o) {
  if (!(o.runs >= 1)) {
    console.log(`\n1. Dry runs of ${label}: skipped (--big-runs ${o.runs}; a round or more measures it)`);
    return;
  }
  const { validate } = await import('@ddex-check/engine');
  await validate(body, { name: 'message.xml' }); // warm-up (schemas compiled, code optimised)
  const variants = servers.flatMap(({ name, server, keys }) => [
    { name: `${name}, 1 key, ${o.clients} clients`, server, keys: keys.slice(0, 1) },
    { name: `${name}, ${keys.length} keys, ${o.clients} clients`, server, keys },
  ]);
  for (const { server, keys } of servers) await apiRun(server, body, keys.slice(0, 1), { clients: 1, seconds: 0, runs: 1 });
  const engine = [];
  const rows = variants.map(() => ({ cpu: [], ratio: [], busy: 0 }));
  const loads = [loadNow()];
  for (let round = 0; round < o.runs; round++) {
    const engineFirst = round % 2 === 0;
    const e = engineFirst ? await engineDirect(validate, body, { seconds: 0, runs: 1 }) : null;
    const answers = [];
    for (const { server, keys } of variants) answers.push(await apiRun(server, body, keys, { clients: o.clients, seconds: 0, runs: o.clients }));
    const { cpu } = e ?? (await engineDirect(validate, body, { seconds: 0, runs: 1 }));
    engine.push(cpu);
    answers.forEach((r, i) => {
      rows[i].cpu.push(r.cpu / r.n);
      rows[i].ratio.push(r.cpu / r.n / cpu);
      rows[i].busy += r.busy;
    });
    loads.push(loadNow());
  }
  const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%`;
  console.log(`\n1. Dry runs of ${label} (${mb(body.length)} MB), ${o.runs} rounds (the engine once and each variant with ${o.clients} dry runs at once, the engine first and last in turn), ${os.availableParallelism()} cores, load average ${loads.join(' / ')}`);
  console.log(`   engine in-process: CPU ${(median(engine) * 1000).toFixed(0)} ms a dry run (median; rounds ${engine.map((c) => (c * 1000).toFixed(0)).join(', ')})`);
  for (let i = 0; i < variants.length; i++) {
    const { cpu, ratio, busy } = rows[i];
    console.log(`   ${variants[i].name}: server CPU ${(median(cpu) * 1000).toFixed(0)} ms a dry run (median), ${busy} busy`);
    console.log(`      overhead against the engine: CPU ${pct(median(ratio))} (median of the rounds; rounds ${ratio.map(pct).join(', ')})`);
  }
}

/**
 * The small message in blocks of `o.seconds` each, in `o.rounds` rounds: the engine directly, then
 * the API variants (one key and several, this tree's and `--before`'s), the engine again closing
 * the round and opening the next; the variants' order reversed every other round. Each variant's
 * CPU a dry run is set against the mean of the two engine blocks around its round (the machine's
 * speed drifts over a run), and the figure is the median of the rounds. Four variants in one round
 * each ran once: a block's place in the run moved its figure by as much as the change measured.
 *
 * Each side first runs WARM_RUNS dry runs, not measured: V8 optimizes a function once it has run
 * enough, and many of the engine's run once a message (each rule's `create`, the report's assembly),
 * so on a small message the compiler is still busy after a thousand dry runs (through the API: 1,079
 * functions compiled by the 1,200th dry run, 1,145 by the 2,400th). A server warmed with three dry
 * runs paid that in its first measured block (the one-key block), while the engine's own first block
 * had warmed it.
 */
async function benchDryRuns(label, body, servers, o) {
  const { validate } = await import('@ddex-check/engine');
  await engineDirect(validate, body, { seconds: 0, runs: WARM_RUNS }); // schemas compiled, code optimised
  for (const { server, keys } of servers) await apiRun(server, body, keys, { clients: 2, seconds: 0, runs: WARM_RUNS });
  const variants = servers.flatMap(({ name, server, keys }) => [
    { name: `${name}, 1 key, ${o.clients} clients`, server, keys: keys.slice(0, 1) },
    { name: `${name}, ${keys.length} keys, ${o.clients} clients`, server, keys },
  ]);
  const loads = [loadNow()];
  const engineBlocks = [await engineDirect(validate, body, o)];
  const rounds = variants.map(() => []);
  for (let round = 0; round < o.rounds; round++) {
    const order = variants.map((_, i) => (round % 2 === 0 ? i : variants.length - 1 - i));
    const got = [];
    for (const i of order) {
      got[i] = await apiRun(variants[i].server, body, variants[i].keys, o);
      loads.push(loadNow());
    }
    const before = engineBlocks[engineBlocks.length - 1];
    const after = await engineDirect(validate, body, o);
    engineBlocks.push(after);
    loads.push(loadNow());
    const engineCpu = (before.cpu + after.cpu) / (before.n + after.n);
    got.forEach((r, i) => rounds[i].push({ r, ratio: r.cpu / r.n / engineCpu, engineCpu }));
  }
  const total = (list) => list.reduce((t, r) => ({ n: t.n + r.n, wall: t.wall + r.wall, cpu: t.cpu + r.cpu, busy: t.busy + (r.busy ?? 0) }), { n: 0, wall: 0, cpu: 0, busy: 0 });
  const engine = total(engineBlocks);
  const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%`;
  console.log(`\n1. Dry runs of ${label} (${mb(body.length)} MB), ${o.seconds} s per block, ${o.rounds} round${o.rounds === 1 ? '' : 's'} (each side warmed by ${WARM_RUNS} dry runs first), ${os.availableParallelism()} cores, load average ${loads.join(' / ')}`);
  console.log(`   engine in-process (sequential): ${rate(engine).toFixed(2)} dry runs/s, CPU ${perRunMs(engine)} ms a dry run  (blocks: ${engineBlocks.map((b) => `${perRunMs(b)} ms`).join(', ')})`);
  for (let i = 0; i < variants.length; i++) {
    const all = total(rounds[i].map(({ r }) => r));
    const ratios = rounds[i].map(({ ratio }) => ratio);
    const rateOverhead = ((rate(engine) / rate(all) - 1) * 100).toFixed(0);
    console.log(`   ${variants[i].name}: ${rate(all).toFixed(2)} dry runs/s, server CPU ${perRunMs(all)} ms a dry run; ${all.n} answered, ${all.busy} busy`);
    console.log(`      overhead against the engine: CPU ${pct(median(ratios))}${o.rounds > 1 ? ` (median of the rounds; rounds ${ratios.map(pct).join(', ')})` : ''}, time ${rateOverhead}%`);
  }
}

async function benchValidation() {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ddex-bench-validate-'));
  const servers = [];
  try {
    for (const [name, serverRoot] of [['API', root], ...(BEFORE ? [['API before', BEFORE]] : [])]) {
      const dir = path.join(dataDir, `data-${servers.length}`);
      const keys = [await setUp(dir, KEYS, serverRoot)].flat();
      const { child, url } = await startServer(dir, { DELIVERY_WORKER: '0' }, serverRoot);
      servers.push({ name, server: { child, url }, keys });
    }
    await benchDryRuns(`"${path.basename(SAMPLE)}"`, fs.readFileSync(SAMPLE), servers, { clients: CLIENTS, seconds: SECONDS, runs: 0, rounds: ROUNDS });
    if (BIG_MB > 0) {
      const big = path.join(dataDir, 'big.xml');
      await generateErn43(big, BIG_MB * 1000 * 1000);
      await pairedRounds('a generated ERN 4.3 message', fs.readFileSync(big), servers, { clients: BIG_CLIENTS, runs: BIG_RUNS });
    }
  } finally {
    for (const { server } of servers) await stop(server.child);
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

async function benchUpload(key) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ddex-bench-upload-'));
  const source = path.join(dir, 'big.zip');
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 2654435761) >>> 24;
  const out = fs.createWriteStream(source);
  for (let written = 0; written < UPLOAD_BYTES; written += block.length) {
    if (!out.write(block.subarray(0, Math.min(block.length, UPLOAD_BYTES - written)))) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));

  // Baseline: the same bytes read and written by a plain stream copy on the same disk.
  let t = performance.now();
  await pipeline(fs.createReadStream(source, { highWaterMark: 1024 * 1024 }), fs.createWriteStream(path.join(dir, 'copy.zip')));
  const copySeconds = (performance.now() - t) / 1000;
  await fsp.rm(path.join(dir, 'copy.zip'));

  const dataDir = path.join(dir, 'data');
  const token = await setUp(dataDir);
  const { child, url } = await startServer(dataDir, { DELIVERY_WORKER: '0' });
  const idle = memoryOf(child.pid);
  let maxRss = idle.rss;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, memoryOf(child.pid).rss)), 100);
  t = performance.now();
  const answer = await new Promise((resolve, reject) => {
    const req = http.request(`${url}/v1/ddex?name=big.zip`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip', 'content-length': UPLOAD_BYTES } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    fs.createReadStream(source, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
  const uploadSeconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const after = memoryOf(child.pid);
  await stop(child);
  await fsp.rm(dir, { recursive: true, force: true });
  const gb = UPLOAD_BYTES / 1024 ** 3;
  console.log(`\n2. Upload of a ${gb.toFixed(1)} GB raw body (POST /v1/ddex -> ${answer.status} ${answer.text.slice(0, 80)})`);
  console.log(`   plain stream copy: ${(UPLOAD_BYTES / 1024 ** 2 / copySeconds).toFixed(0)} MB/s (${copySeconds.toFixed(1)} s)`);
  console.log(`   POST /v1/ddex:     ${(UPLOAD_BYTES / 1024 ** 2 / uploadSeconds).toFixed(0)} MB/s (${uploadSeconds.toFixed(1)} s)`);
  console.log(`   ratio upload / copy: ${(copySeconds / uploadSeconds).toFixed(2)}`);
  console.log(`   server RSS: ${mb(idle.rss)} MB idle, ${mb(maxRss)} MB max sampled during the upload, peak (VmHWM) ${mb(after.peak)} MB`);
}

if (!fs.existsSync(path.join(root, 'apps/server/dist/cli.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}
await benchValidation();
if (UPLOAD_BYTES > 0) await benchUpload();

#!/usr/bin/env node
/**
 * Scale-out benchmark (issue 46), run after `npm run build`: ddex-server processes by role on a
 * throwaway PostgreSQL (apps/server/test/pg-cluster.sh, a state file of its own) and the
 * S3-compatible test server (s3rver, apps/server/test/support/s3-server.mjs), in one run:
 *  - baseline: the engine called directly in this process, one dry run after another (the 75 KB
 *    official ERN 4.3 sample, fresh UPC each time);
 *  - dry runs per second through POST /v1/ddex/validate, `--clients` at once, with one api process
 *    and with two;
 *  - deliveries per second: `--deliveries` batches (the fixture album with its FLAC files and
 *    cover, as a zip, each with a fresh UPC) queued through POST /v1/ddex while no worker runs,
 *    then drained by one worker process, and again by two: from the first delivery's start to the
 *    last one's end.
 * Usage: node bench/scale-bench.mjs [--seconds 20] [--clients 8] [--deliveries 60]
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import yazl from 'yazl';
import { startS3Server } from '../apps/server/test/support/s3-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const SECONDS = Number(args.seconds ?? 20);
const CLIENTS = Number(args.clients ?? 8);
const DELIVERIES = Number(args.deliveries ?? 60);
process.env.DDEX_SCHEMAS_DIR ??= path.resolve(root, '../shared/ddex/xsd');
const SAMPLE = path.resolve(root, '../shared/ddex/samples/ddex-official-ern43/1 Audio.xml');
const ALBUM = path.join(root, 'fixtures/batches/album-43');
const BIN = path.join(root, 'apps/server/bin/ddex-server.js');
const PG_CLUSTER = path.join(root, 'apps/server/test/pg-cluster.sh');

/** A GTIN with a valid check digit (14 digits for the sample, 13 for the album). */
function gtin(length) {
  const body = Array.from({ length: length - 1 }, (_, i) => (i === 0 && length === 14 ? 0 : crypto.randomInt(10))).join('');
  const sum = body.split('').map(Number).reduce((acc, d, i) => acc + d * ((body.length - i) % 2 === 1 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}
const letters = (n, set = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') => Array.from({ length: n }, () => set[crypto.randomInt(set.length)]).join('');
const sampleText = fs.readFileSync(SAMPLE, 'utf8');
const sampleMessage = () => sampleText.replaceAll('00094631432057', gtin(14)).replaceAll('JPTO0', `QZ${letters(3)}`);

function albumZip() {
  const upc = gtin(13);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(fs.readFileSync(path.join(ALBUM, '5012345678900.xml'), 'utf8').replaceAll('5012345678900', upc).replaceAll('GBXYZ26', `GB${letters(3)}26`)), `${upc}.xml`);
  for (const f of fs.readdirSync(path.join(ALBUM, 'resources'))) zip.addFile(path.join(ALBUM, 'resources', f), `resources/${f}`);
  zip.end();
  return new Promise((resolve) => {
    const chunks = [];
    zip.outputStream.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
  });
}

function startProcess(roles, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scale-bench-${roles}-`));
  const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--quiet'], { env: { ...process.env, ...env, ROLES: roles, DATA_DIR: dataDir, SFTP_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)|ddex-server running/.exec(out);
      if (m) resolve({ child, url: m[1], dataDir, stop: () => stopProcess(child, dataDir) });
    });
    child.once('exit', (code) => reject(new Error(`ddex-server (${roles}) exited ${code}: ${out}`)));
  });
}

async function stopProcess(child, dataDir) {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
/** Fields of /proc/<pid>/stat after the command's name (field 3 is index 0). */
const statOf = (pid) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
/** CPU seconds a process used so far, its threads included (and its waited-for children with `children`). */
function cpuOf(pid, children = false) {
  const f = statOf(pid);
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / TICKS;
}
/** CPU seconds of the PostgreSQL cluster: the postmaster, its ended children, its live ones. */
function postgresCpu(dataDir) {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuOf(postmaster, true);
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (Number(statOf(name)[1]) === postmaster) total += cpuOf(Number(name));
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

async function dryRunRate(urls, key) {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let refused = 0;
  let turn = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (Date.now() < until) {
      const response = await fetch(`${urls[turn++ % urls.length]}/v1/ddex/validate?name=sample.xml`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' }, body: sampleMessage() });
      await response.arrayBuffer();
      if (response.status === 200) done++;
      else if (response.status === 429) refused++;
      else throw new Error(`dry run answered ${response.status}`);
    }
  }));
  return { rate: done / SECONDS, refused };
}

async function main() {
  const state = path.join(os.tmpdir(), `scale-bench-${process.pid}.state`);
  const pgCluster = (command) => execFileSync('sh', [PG_CLUSTER, command], { env: { ...process.env, PG_CLUSTER_STATE: state }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const databaseUrl = pgCluster('start');
  const s3 = await startS3Server();
  const env = { ...s3.env, DATABASE_URL: databaseUrl, JOBS_LISTEN_POLL_MS: '1000', VALIDATE_MAX_CONCURRENT_PER_KEY: String(CLIENTS), VALIDATE_MAX_CONCURRENT: String(CLIENTS) };
  const running = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-bench-admin-'));
    const admin = (...a) => JSON.parse(execFileSync(process.execPath, [BIN, 'admin', '--json', ...a], { env: { ...process.env, ...env, DATA_DIR: adminDir }, encoding: 'utf8' }));
    const account = admin('account', 'create', '--name', 'Bench', '--email', 'bench@partner.test', '--plan', 'enterprise', '--rate', '10000000');
    const { key } = admin('key', 'create', '--account', String(account.id), '--name', 'bench', '--scopes', 'ddex:write');
    await db.connect();
    console.log(`scale-bench: ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${SECONDS} s per rate, ${CLIENTS} clients, ${DELIVERIES} deliveries per drain`);

    // Baseline: the engine in this process, one dry run after another.
    const { validate } = await import('@ddex-check/engine');
    await validate(Buffer.from(sampleMessage()), { name: 'sample.xml' });
    let direct = 0;
    for (const until = Date.now() + SECONDS * 1000; Date.now() < until; direct++) await validate(Buffer.from(sampleMessage()), { name: 'sample.xml' });
    console.log(`  baseline: engine directly (sequential, this process): ${(direct / SECONDS).toFixed(1)} dry runs/s`);

    const pgData = path.join(fs.readFileSync(state, 'utf8').match(/DIR=(.*)/)[1], 'data');
    /** Runs `work`, and answers with it the CPU seconds `pids` and PostgreSQL used meanwhile. */
    const measured = async (pids, work) => {
      const before = { own: pids().reduce((n, p) => n + cpuOf(p), 0), db: postgresCpu(pgData) };
      const result = await work();
      return { result, cpu: pids().reduce((n, p) => n + cpuOf(p), 0) - before.own, db: postgresCpu(pgData) - before.db };
    };
    const apis = [await startProcess('api', env)];
    running.push(...apis);
    const one = await measured(() => [apis[0].child.pid], () => dryRunRate([apis[0].url], key));
    apis.push(await startProcess('api', env));
    running.push(apis[1]);
    const two = await measured(() => apis.map((a) => a.child.pid), () => dryRunRate(apis.map((a) => a.url), key));
    const perCpu = (m) => (m.result.rate * SECONDS) / m.cpu;
    console.log(`  dry runs (POST /v1/ddex/validate): one api process ${one.result.rate.toFixed(1)}/s, two ${two.result.rate.toFixed(1)}/s (${(two.result.rate / one.result.rate).toFixed(2)}x; 429 busy answers: ${one.result.refused}, ${two.result.refused})`);
    console.log(`    per CPU-second of the api processes: ${perCpu(one).toFixed(1)} and ${perCpu(two).toFixed(1)} dry runs; PostgreSQL ${((one.db / (one.result.rate * SECONDS)) * 1000).toFixed(1)} and ${((two.db / (two.result.rate * SECONDS)) * 1000).toFixed(1)} CPU-ms per dry run`);

    const zip = await albumZip();
    for (const workers of [1, 2]) {
      const ids = [];
      for (let i = 0; i < DELIVERIES; i++) {
        const response = await fetch(`${apis[i % 2].url}/v1/ddex?name=album.zip`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' }, body: await albumZip() });
        if (response.status !== 202) throw new Error(`POST /ddex answered ${response.status}: ${await response.text()}`);
        ids.push((await response.json()).data.id);
      }
      const started = Date.now();
      const pool = [];
      for (let i = 0; i < workers; i++) pool.push(await startProcess('worker', env));
      const drained = await measured(() => pool.map((w) => w.child.pid), async () => {
      for (;;) {
        const { rows } = await db.query(`select status, count(*)::int as n from deliveries where id = any($1) group by status`, [ids]);
        const finished = rows.filter((r) => ['done', 'partial', 'failed'].includes(r.status)).reduce((n, r) => n + r.n, 0);
        if (finished === ids.length) {
          const failed = rows.filter((r) => r.status !== 'done');
          if (failed.length) throw new Error(`deliveries not done: ${JSON.stringify(failed)}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      });
      // From the first delivery's start to the last one's end (the workers' own start-up left out).
      const { rows: [span] } = await db.query(`select min(started_at) as first, max(finished_at) as last from deliveries where id = any($1)`, [ids]);
      const seconds = (Date.parse(span.last) - Date.parse(span.first)) / 1000;
      const wall = (Date.now() - started) / 1000;
      console.log(`  deliveries (album zip, ${(zip.length / 1024).toFixed(0)} KB with 2 FLAC files and a cover), ${workers} worker process${workers > 1 ? 'es' : ''}: ${ids.length} in ${seconds.toFixed(1)} s = ${(ids.length / seconds).toFixed(2)}/s (first start to last finish; ${wall.toFixed(1)} s with the workers' start-up)`);
      console.log(`    CPU per delivery: workers ${((drained.cpu / ids.length) * 1000).toFixed(0)} ms (their start-up included), PostgreSQL ${((drained.db / ids.length) * 1000).toFixed(1)} ms`);
      for (const w of pool) await w.stop();
    }
    fs.rmSync(adminDir, { recursive: true, force: true });
  } finally {
    await db.end().catch(() => {});
    for (const p of running) await p.stop();
    await s3.close();
    pgCluster('stop');
  }
}

await main();

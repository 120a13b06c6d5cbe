#!/usr/bin/env node
/**
 * Partner API server benchmark (run after `npm run build`):
 *  1. Dry runs per second of the 75 KB official ERN 4.3 sample through POST /v1/ddex/validate with
 *     16 concurrent clients, beside the engine called directly (sequentially, this process) in the same run.
 *  2. Upload rate of a 2 GB raw POST /v1/ddex body against a plain streamed file copy, with the
 *     server's RSS sampled during the upload and its peak (VmHWM) printed.
 * Usage: node bench/server-bench.mjs [--seconds 20] [--upload-gb 2] [--clients 16]
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const SECONDS = Number(args.seconds ?? 20);
const CLIENTS = Number(args.clients ?? 16);
const UPLOAD_BYTES = Math.round(Number(args['upload-gb'] ?? 2) * 1024 ** 3);
process.env.DDEX_SCHEMAS_DIR ??= path.resolve(root, '../shared/ddex/xsd');
const SAMPLE = path.resolve(root, '../shared/ddex/samples/ddex-official-ern43/1 Audio.xml');
const BIN = path.join(root, 'apps/server/bin/ddex-server.js');
const mb = (b) => (b / 1024 ** 2).toFixed(1);

async function setUp(dataDir) {
  const { openMigratedDb, dbConfigFrom } = await import(path.join(root, 'apps/server/dist/db/connect.js'));
  const admin = await import(path.join(root, 'apps/server/dist/admin/admin-commands.js'));
  const open = await openMigratedDb(dbConfigFrom(dataDir, undefined));
  const account = await admin.createAccount(open.db, { name: 'Bench', email: 'bench@example.test', plan: 'custom', active: true, rate: 10_000_000 });
  const key = await admin.createKey(open.db, { account: account.id, name: 'bench', scopes: ['ddex:write'] });
  await open.close();
  return key.key;
}

function startServer(dataDir, env) {
  const child = spawn(process.execPath, [BIN, 'start', '--port', '0', '--host', '127.0.0.1', '--quiet', '--data-dir', dataDir], {
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

async function benchValidation(key) {
  const body = fs.readFileSync(SAMPLE);
  const { validate } = await import('@ddex-check/engine');
  // Warm-up, then the engine directly, one after another, for the same duration.
  await validate(body, { name: 'message.xml' });
  let direct = 0;
  const directEnd = Date.now() + SECONDS * 1000;
  const directStart = Date.now();
  while (Date.now() < directEnd) {
    await validate(body, { name: 'message.xml' });
    direct++;
  }
  const directRate = direct / ((Date.now() - directStart) / 1000);

  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ddex-bench-validate-'));
  const token = await setUp(dataDir);
  // Busy threshold raised to the number of clients, so every request is a dry run, not a 429.
  const { child, url } = await startServer(dataDir, { VALIDATE_MAX_CONCURRENT: String(CLIENTS), DELIVERY_WORKER: '0' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const post = () =>
    new Promise((resolve, reject) => {
      const req = http.request(`${url}/v1/ddex/validate`, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml', 'content-length': body.length } }, (res) => {
        let n = 0;
        res.on('data', (d) => (n += d.length));
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end(body);
    });
  for (let i = 0; i < CLIENTS; i++) await post(); // warm every worker thread
  let served = 0;
  const statuses = {};
  const latencies = [];
  const end = Date.now() + SECONDS * 1000;
  const start = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const status = await post();
        latencies.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) served++;
      }
    }),
  );
  const serverRate = served / ((Date.now() - start) / 1000);
  const mem = memoryOf(child.pid);
  agent.destroy();
  await stop(child);
  await fsp.rm(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);
  console.log(`\n1. Dry runs of "${path.basename(SAMPLE)}" (${(body.length / 1024).toFixed(0)} KB), ${SECONDS} s each, ${os.availableParallelism()} cores`);
  console.log(`   engine directly (sequential, this process): ${directRate.toFixed(2)} validations/s`);
  console.log(`   POST /v1/ddex/validate, ${CLIENTS} clients:   ${serverRate.toFixed(2)} validations/s  (statuses ${JSON.stringify(statuses)}; latency p50 ${p(0.5)} ms, p95 ${p(0.95)} ms)`);
  console.log(`   ratio server / direct: ${(serverRate / directRate).toFixed(2)}  (server peak RSS ${mb(mem.peak)} MB)`);
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
await benchUpload();

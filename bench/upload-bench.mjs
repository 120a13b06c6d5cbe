#!/usr/bin/env node
/**
 * A direct upload of a large file in parts by 4 parallel clients, beside a plain file copy of the
 * same bytes in the same run, with the server's peak RSS. Target (issue 14): at least 70% of the
 * copy rate, RSS flat. The commit is timed apart (it only queues: the delivery worker joins the parts).
 * `--store s3` runs it against an S3-compatible server (s3rver, in a process of its own on loopback):
 * the parts go to S3's presigned URLs and never through the API server.
 *   node bench/upload-bench.mjs [--gb 2] [--clients 4] [--store local|s3]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { arg, startBenchServer } from './lib/bench-server.mjs';
const GB = arg('gb', 2);
const CLIENTS = arg('clients', 4);
const STORE = process.argv.includes('--store') ? process.argv[process.argv.indexOf('--store') + 1] : 'local';
if (!['local', 's3'].includes(STORE)) throw new Error('--store is local or s3');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddex-upload-bench-'));
const source = path.join(dir, 'batch.zip');
const size = Math.round(GB * 1024 ** 3);

// The bytes: random, written once (not timed).
{
  const out = fs.createWriteStream(source);
  const chunk = crypto.randomBytes(8 * 1024 * 1024);
  for (let written = 0; written < size; written += chunk.length) {
    if (!out.write(written + chunk.length <= size ? chunk : chunk.subarray(0, size - written))) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}

const seconds = (t0) => Number(process.hrtime.bigint() - t0) / 1e9;
const mbps = (bytes, s) => bytes / 1024 / 1024 / s;

// 1. Baseline: a plain stream copy of the same file.
let t0 = process.hrtime.bigint();
await pipeline(fs.createReadStream(source, { highWaterMark: 1 << 20 }), fs.createWriteStream(path.join(dir, 'copy.zip')));
const copyS = seconds(t0);
fs.rmSync(path.join(dir, 'copy.zip'));

// 2. The server on its own data directory (and, for --store s3, an S3-compatible server of its own).
let s3 = null;
let s3Env = {};
if (STORE === 's3') {
  s3 = spawn(process.execPath, [new URL('../apps/server/test/support/s3-server.mjs', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await readline.createInterface({ input: s3.stdout })[Symbol.asyncIterator]().next().then((r) => [r.value]);
  s3Env = JSON.parse(line).env;
}
const env = { ...process.env, ...s3Env, DATA_DIR: path.join(dir, 'data'), DELIVERY_WORKER: '0' };
delete env.DATABASE_URL;
const server = await startBenchServer(env, { scopes: ['ddex:write'], roles: 'api' });
const { url, key } = server;
const created = await (await fetch(`${url}/v1/ddex/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench.zip', size }) })).json();
const upload = created.data;
const partSize = upload.upload.part_size;
const parts = [...upload.upload.parts];

const putPart = (part) =>
  new Promise((resolve, reject) => {
    const start = (part.part_number - 1) * partSize;
    const end = Math.min(size, start + partSize) - 1;
    const target = new URL(part.url);
    const request = http.request(target, { method: 'PUT', headers: { 'content-length': String(end - start + 1) } }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`part ${part.part_number}: ${response.statusCode}`))));
    });
    request.on('error', reject);
    fs.createReadStream(source, { start, end, highWaterMark: 1 << 20 }).pipe(request);
  });

t0 = process.hrtime.bigint();
await Promise.all(Array.from({ length: CLIENTS }, async () => {
  for (let p = parts.shift(); p; p = parts.shift()) await putPart(p);
}));
const uploadS = seconds(t0);
t0 = process.hrtime.bigint();
const commit = await fetch(`${url}/v1/ddex/uploads/${upload.id}/commit`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
const commitS = seconds(t0);
server.stop();
s3?.kill('SIGTERM');
fs.rmSync(dir, { recursive: true, force: true });

console.log(`plain copy of ${GB} GB: ${copyS.toFixed(2)} s = ${mbps(size, copyS).toFixed(0)} MB/s`);
console.log(`upload (${STORE} store) in ${upload.upload.parts.length} parts of ${partSize / 1024 / 1024} MiB by ${CLIENTS} clients: ${uploadS.toFixed(2)} s = ${mbps(size, uploadS).toFixed(0)} MB/s, ${((copyS / uploadS) * 100).toFixed(0)}% of the copy rate`);
console.log(`commit (${commit.status}; the delivery worker joins the parts later): ${commitS.toFixed(2)} s`);
console.log(`server RSS: ${server.idleMb().toFixed(0)} MB idle, ${server.peakMb().toFixed(0)} MB peak`);
process.exit(commit.status === 202 ? 0 : 1);

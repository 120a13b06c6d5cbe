#!/usr/bin/env node
// Issue 4 benchmark: wall time and peak RSS of the media stage (every referenced file read once:
// hash + headers) against a plain read of the same bytes, in the same run, each in its own child
// process. The batch (>= 1 GB of PCM WAV by default; --mb 1100) is generated into os.tmpdir() and
// deleted afterwards. Needs the engine built (npm run build). Hash algorithms compared: --hashes md5,sha256,none
import { execSync, fork } from 'node:child_process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};

const CONCURRENCY = Math.min(8, Math.max(2, os.availableParallelism()));

/** The engine's read chunk (packages/engine/src/batch/folder.ts BULK_CHUNK); Node's default is 64 KiB. */
const ENGINE_CHUNK = 1 << 20;

/** Reads `files` (CONCURRENCY at once), hashing every chunk with `algorithm` unless it is 'none'. */
async function readAll(dir, files, algorithm, chunk = ENGINE_CHUNK) {
  let bytes = 0;
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const hash = algorithm === 'none' ? null : createHash(algorithm);
      for await (const piece of createReadStream(path.join(dir, f), { highWaterMark: chunk })) {
        bytes += piece.length;
        hash?.update(piece);
      }
      hash?.digest('hex');
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return bytes;
}

// A worker thread of the 'threads' ceiling: reads and hashes its share of the files.
if (!isMainThread) {
  await readAll(workerData.dir, workerData.files, workerData.algorithm);
  parentPort.postMessage('done');
}

async function child(mode, dir, files, algorithm) {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  if (mode === 'read') {
    // A plain read: the same files, the same chunks and the same number at once as the engine;
    // with an algorithm, the hashing ceiling on one thread (where the engine hashes).
    return { bytes: await readAll(dir, files, algorithm), seconds: seconds() };
  }
  if (mode === 'read-default') return { bytes: await readAll(dir, files, 'none', 64 * 1024), seconds: seconds() };
  if (mode === 'threads') {
    // The hashing ceiling of the machine: every core reads and hashes its share of the files.
    const n = os.availableParallelism();
    await Promise.all(
      Array.from({ length: n }, (_, k) => new Promise((resolve, reject) => {
        const w = new Worker(self, { workerData: { dir, files: files.filter((_, i) => i % n === k), algorithm } });
        w.once('message', resolve);
        w.once('error', reject);
      })),
    );
    return { seconds: seconds() };
  }
  const { validate } = await import('../packages/engine/dist/index.js');
  let mediaStart = 0n;
  let mediaEnd = 0n;
  const report = await validate(dir, {
    rules: { 'xml-schema-valid': 'off' },
    onProgress: (e) => {
      if (e.phase === 'media' && !mediaStart) mediaStart = process.hrtime.bigint();
      if (e.phase === 'report') mediaEnd = process.hrtime.bigint();
    },
  });
  const hashErrors = report.checks.filter((c) => c.rule === 'package-file-hash' && c.status !== 'pass');
  const audioErrors = report.checks.filter((c) => c.stage === 'audio' && c.status === 'error');
  return {
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    mediaSeconds: Number(mediaEnd - mediaStart) / 1e9,
    hashFindings: hashErrors.length,
    audioErrors: audioErrors.length,
    firstProblem: hashErrors[0]?.message ?? audioErrors[0]?.message ?? null,
  };
}

if (isMainThread && process.argv[2] === '--child') {
  const result = await child(process.argv[3], process.argv[4], JSON.parse(process.argv[5]), process.argv[6] ?? 'none');
  process.send({ ...result, maxRssMb: process.resourceUsage().maxRSS / 1024 });
  process.exit(0);
}

const run = (mode, dir, files, algorithm = 'none') =>
  new Promise((resolve, reject) => {
    const p = fork(self, ['--child', mode, dir, JSON.stringify(files), algorithm]);
    p.on('message', resolve);
    p.on('error', reject);
    p.on('exit', (code) => code && reject(new Error(`${mode} child exited ${code}`)));
  });

/** A 16-bit 44.1 kHz stereo WAV of `seconds`, written in 1-second blocks; returns its MD5 and SHA-256. */
async function writeWav(file, seconds) {
  const rate = 44100;
  const block = Buffer.alloc(rate * 4);
  for (let i = 0; i < rate; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000);
    block.writeInt16LE(v, i * 4);
    block.writeInt16LE(v, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  const dataBytes = block.length * seconds;
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  const out = createWriteStream(file);
  const put = async (b) => {
    md5.update(b);
    sha256.update(b);
    if (!out.write(b)) await new Promise((r) => out.once('drain', r));
  };
  await put(header);
  for (let s = 0; s < seconds; s++) await put(block);
  await new Promise((r) => out.end(r));
  return { md5: md5.digest('hex'), sha256: sha256.digest('hex'), bytes: 44 + dataBytes };
}

function messageFor(tracks, algorithm) {
  const base = readFileSync(path.join(root, 'fixtures/batches/album-43/5012345678900.xml'), 'utf8');
  const first = base.indexOf('    <SoundRecording>');
  const last = base.indexOf('    <Image>');
  const template = base.slice(first, base.indexOf('    </SoundRecording>', first) + '    </SoundRecording>\n'.length);
  const recordings = tracks
    .map((t, i) =>
      template
        .replace('<ResourceReference>A1</ResourceReference>', `<ResourceReference>A${i + 1}</ResourceReference>`)
        .replace(/<ISRC>[^<]+<\/ISRC>/, `<ISRC>GBXYZ26${String(i + 1).padStart(5, '0')}</ISRC>`)
        .replace('<AudioCodecType>FLAC</AudioCodecType>', '<AudioCodecType>PCM</AudioCodecType>')
        .replace('<URI>resources/01_first_light.flac</URI>', `<URI>resources/${t.name}</URI>`)
        .replace(/<HashSum>[\s\S]*?<\/HashSum>/, algorithm === 'none' ? '' : `<HashSum>\n                <Algorithm>${algorithm === 'md5' ? 'MD5' : 'SHA-256'}</Algorithm>\n                <HashSumValue>${t[algorithm]}</HashSumValue>\n              </HashSum>`)
        .replace('<Duration>PT0M2S</Duration>', `<Duration>PT${t.seconds}S</Duration>`),
    )
    .join('');
  return base.slice(0, first) + recordings + base.slice(last);
}

if (isMainThread && process.argv[2] !== '--child') await main();

async function main() {
const targetMb = Number(arg('mb', '1100'));
const hashes = arg('hashes', 'md5,sha256,none').split(',');
const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-check-media-bench-'));
try {
  mkdirSync(path.join(dir, 'resources'));
  const seconds = 600; // 10 minutes: 105.8 MB per track
  const count = Math.max(1, Math.ceil((targetMb * 1e6) / (seconds * 44100 * 4)));
  console.log(`generating ${count} WAV tracks of ${seconds} s (${((count * seconds * 44100 * 4) / 1e9).toFixed(2)} GB) in ${dir}`);
  const tracks = [];
  for (let i = 0; i < count; i++) {
    const name = `track-${String(i + 1).padStart(2, '0')}.wav`;
    tracks.push({ name, seconds, ...(await writeWav(path.join(dir, 'resources', name), seconds)) });
  }
  const files = tracks.map((t) => `resources/${t.name}`);
  cpFixture(dir);
  const bytes = tracks.reduce((n, t) => n + t.bytes, 0);
  const mb = bytes / 1e6;
  console.log(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), concurrency ${CONCURRENCY}`);
  const cold = dropCaches();
  if (!cold) console.log('cold-cache figures skipped: dropping the page cache needs root (/proc/sys/vm/drop_caches)');
  const line = (label, seconds, extra) => console.log(`  ${label.padEnd(30)} ${seconds.toFixed(2).padStart(6)} s ${(mb / seconds).toFixed(0).padStart(6)} MB/s  ${extra}`);
  for (const algorithm of hashes) {
    writeFileSync(path.join(dir, '5012345678900.xml'), messageFor(tracks, algorithm));
    console.log(`\nhash sums declared: ${algorithm}`);
    // Warm: every file in the page cache (a delivery just written); each measurement right after
    // the plain read it is compared with, so both see the same machine state.
    await run('read', dir, files);
    const read = await run('read', dir, files);
    const media = await run('validate', dir, files);
    const small = await run('read-default', dir, files);
    line('warm plain read', read.seconds, `peak RSS ${read.maxRssMb.toFixed(0)} MB (1 MiB chunks as the engine; Node's default 64 KiB: ${(mb / small.seconds).toFixed(0)} MB/s)`);
    line('warm media stage', media.mediaSeconds, `= ${((read.seconds / media.mediaSeconds) * 100).toFixed(0)}% of the read rate, peak RSS ${media.maxRssMb.toFixed(0)} MB (validate total ${media.seconds.toFixed(2)} s, hash findings ${media.hashFindings}, audio errors ${media.audioErrors})`);
    if (media.firstProblem) console.log(`  first finding: ${media.firstProblem}`);
    if (algorithm !== 'none') {
      // What hashing alone allows on this machine, in the same run: one thread, and every core.
      const one = await run('read', dir, files, algorithm);
      const all = await run('threads', dir, files, algorithm);
      const best = Math.min(one.seconds, all.seconds);
      line(`warm read + ${algorithm}, 1 thread`, one.seconds, `= ${((read.seconds / one.seconds) * 100).toFixed(0)}% of the read rate`);
      line(`warm read + ${algorithm}, ${os.availableParallelism()} threads`, all.seconds, `= ${((read.seconds / all.seconds) * 100).toFixed(0)}% of the read rate; media stage = ${((best / media.mediaSeconds) * 100).toFixed(0)}% of the hashing ceiling`);
    }
    if (cold) {
      // Cold: read from the disk (a delivery arriving), the page cache dropped before each run.
      dropCaches();
      const coldRead = await run('read', dir, files);
      dropCaches();
      const coldMedia = await run('validate', dir, files);
      line('cold plain read', coldRead.seconds, `peak RSS ${coldRead.maxRssMb.toFixed(0)} MB`);
      line('cold media stage', coldMedia.mediaSeconds, `= ${((coldRead.seconds / coldMedia.mediaSeconds) * 100).toFixed(0)}% of the read rate (target >= 70%), peak RSS ${coldMedia.maxRssMb.toFixed(0)} MB`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
}

/** Empties the page cache (root only); false when it cannot. */
function dropCaches() {
  try {
    execSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

function cpFixture(target) {
  const cover = readFileSync(path.join(root, 'fixtures/batches/album-43/resources/cover.jpg'));
  writeFileSync(path.join(target, 'resources/cover.jpg'), cover);
}

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESTORE_V8_FLAGS as ENGINE_RESTORE_V8_FLAGS } from '@ddex-check/engine';
import { generateErn43 } from '../../../bench/generate-ern43.mjs';
import { RESTORE_V8_FLAGS, loadWithCodeCache } from '../bin/code-cache.js';
import { binUnderPreload } from './bin-preload';
import { sparseFolder } from './sparse-files';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-code-cache-unit-'));
  made.push(dir);
  return dir;
}

/** A small CommonJS "bundle" whose size tells it apart (the cache is named by the bundle's size and time). */
function bundle(dir: string, name: string, answer: number): string {
  const file = path.join(dir, `${name}.cjs`);
  writeFileSync(file, `module.exports = { run: () => ${answer} };\n${'// pad\n'.repeat(answer)}`);
  return file;
}

const modified = (dir: string) => Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).mtimeMs]));

describe('the bin\'s code cache', () => {
  it('keeps the cache of each of two bundles run in turn, so neither compiles again', async () => {
    const dir = folder();
    const cache = path.join(dir, 'cache');
    const a = bundle(dir, 'a', 1);
    const b = bundle(dir, 'b', 2);
    for (const file of [a, b]) {
      const loaded = loadWithCodeCache(file, cache);
      await loaded.save();
    }
    expect(readdirSync(cache)).toHaveLength(2);
    const written = modified(cache);
    // Each next run reads its own cache: nothing is written again, nothing removed.
    for (const file of [a, b, a, b]) {
      const loaded = loadWithCodeCache(file, cache);
      expect(loaded.exports.run()).toBe(file === a ? 1 : 2);
      await loaded.save();
    }
    expect(modified(cache)).toEqual(written);
  });

  it('keeps the newest caches of any bundle, eight in all, and removes temporary files left behind', async () => {
    const dir = folder();
    const cache = path.join(dir, 'cache');
    await loadWithCodeCache(bundle(dir, 'first', 3), cache).save();
    const [own] = readdirSync(cache);
    const hour = 3600;
    const now = Date.now() / 1000;
    // Ten older caches of other bundles, the k-th k hours old.
    for (let k = 1; k <= 10; k++) {
      const name = path.join(cache, `run-v0.0.0-x64-0-0-${k}-1.bin`);
      writeFileSync(name, 'old');
      utimesSync(name, now - k * hour, now - k * hour);
    }
    utimesSync(path.join(cache, own), now - 20 * hour, now - 20 * hour);
    const leftBehind = path.join(cache, `${own}.123.tmp`);
    writeFileSync(leftBehind, 'partial');
    utimesSync(leftBehind, now - hour, now - hour);
    const beingWritten = path.join(cache, `${own}.456.tmp`);
    writeFileSync(beingWritten, 'partial');

    await loadWithCodeCache(bundle(dir, 'newer', 4), cache).save();
    const left = readdirSync(cache).sort();
    const newest = readdirSync(cache).filter((name) => name.endsWith('.bin') && !name.startsWith('run-v0.0.0'));
    expect(newest).toHaveLength(1);
    expect(left).toEqual(
      [...newest, ...[1, 2, 3, 4, 5, 6, 7].map((k) => `run-v0.0.0-x64-0-0-${k}-1.bin`), path.basename(beingWritten)].sort(),
    );
  });

  it('keeps one cache per set of flags the bin set itself, each read again by its own runs', async () => {
    const dir = folder();
    const cache = path.join(dir, 'cache');
    const file = bundle(dir, 'a', 1);
    for (const flags of ['', '--max-inlined-bytecode-size-cumulative=300']) await loadWithCodeCache(file, cache, { flags }).save();
    expect(readdirSync(cache)).toHaveLength(2);
    const written = modified(cache);
    for (const flags of ['', '--max-inlined-bytecode-size-cumulative=300', '']) await loadWithCodeCache(file, cache, { flags }).save();
    expect(modified(cache)).toEqual(written);
  });

  it('sets back the flags the engine changed before it writes the cache', async () => {
    expect(RESTORE_V8_FLAGS).toBe(ENGINE_RESTORE_V8_FLAGS);
    const dir = folder();
    const cache = path.join(dir, 'cache');
    const holder = globalThis as { [RESTORE_V8_FLAGS]?: () => void };
    const calls: string[] = [];
    try {
      const loaded = loadWithCodeCache(bundle(dir, 'a', 1), cache);
      holder[RESTORE_V8_FLAGS] = () => calls.push(readdirSync(cache).some((name) => name.endsWith('.bin')) ? 'cache there' : 'no cache yet');
      await loaded.save();
      expect(calls).toEqual(['no cache yet']);
      expect(readdirSync(cache)).toHaveLength(1);
    } finally {
      delete holder[RESTORE_V8_FLAGS];
    }
  });
});

describe('the bin\'s code cache, run after run', () => {
  const { dir, sized } = sparseFolder('ddex-code-cache-runs-');
  // What V8 said of each cache it was given, recorded to a file.
  const runBin = binUnderPreload(dir, [
    "import fs from 'node:fs'; import vm from 'node:vm';",
    'const Script = vm.Script;',
    'vm.Script = class extends Script { constructor(source, options) { super(source, options);',
    "  fs.appendFileSync(process.env.CACHE_SEEN, options?.cachedData === undefined ? 'absent\\n' : this.cachedDataRejected ? 'rejected\\n' : 'accepted\\n'); } };",
  ]);
  const seen = path.join(dir, 'seen.txt');
  const runOn = (file: string) => {
    writeFileSync(seen, '');
    const run = runBin(['-f', 'json', '-o', path.join(dir, 'report.json'), file], { XDG_CACHE_HOME: path.join(dir, 'xdg'), CACHE_SEEN: seen });
    expect(run.error).toBeUndefined();
    expect(run.status).toBeLessThan(2);
    return readFileSync(seen, 'utf8').trim();
  };

  it('is read by the next run of each kind, small, mid-sized and kept as bytes, in any order', async () => {
    const small = sized('small.xml', 100_000);
    const mid = sized('mid.xml', 2 * 1024 * 1024);
    const big = path.join(dir, 'big.xml');
    // From 32 MiB the engine keeps the message as bytes and changes V8's heap flags as it runs.
    await generateErn43(big, 33 * 1024 * 1024);
    // A run on a big message writes a cache the next one reads.
    expect(runOn(big)).toBe('absent');
    expect(runOn(big)).toBe('accepted');
    // It serves mid-sized runs (the same settings at their start: the bin's compiler setting);
    // small runs keep their own.
    const caches = path.join(dir, 'xdg/ddex-check/v8-code-cache');
    expect(runOn(mid)).toBe('accepted');
    expect(runOn(small)).toBe('absent');
    const before = modified(caches);
    expect(Object.keys(before)).toHaveLength(2);
    for (const file of [small, mid, big, small, big]) expect(runOn(file)).toBe('accepted');
    expect(modified(caches)).toEqual(before);
  }, 300_000);
});

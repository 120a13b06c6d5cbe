import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWithCodeCache } from '../bin/code-cache.js';

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
  it('keeps the cache of each of two bundles run in turn, so neither compiles again', () => {
    const dir = folder();
    const cache = path.join(dir, 'cache');
    const a = bundle(dir, 'a', 1);
    const b = bundle(dir, 'b', 2);
    for (const file of [a, b]) {
      const loaded = loadWithCodeCache(file, cache);
      loaded.save();
    }
    expect(readdirSync(cache)).toHaveLength(2);
    const written = modified(cache);
    // Each next run reads its own cache: nothing is written again, nothing removed.
    for (const file of [a, b, a, b]) {
      const loaded = loadWithCodeCache(file, cache);
      expect(loaded.exports.run()).toBe(file === a ? 1 : 2);
      loaded.save();
    }
    expect(modified(cache)).toEqual(written);
  });

  it('keeps the newest caches of any bundle, eight in all, and removes temporary files left behind', () => {
    const dir = folder();
    const cache = path.join(dir, 'cache');
    loadWithCodeCache(bundle(dir, 'first', 3), cache).save();
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

    loadWithCodeCache(bundle(dir, 'newer', 4), cache).save();
    const left = readdirSync(cache).sort();
    const newest = readdirSync(cache).filter((name) => name.endsWith('.bin') && !name.startsWith('run-v0.0.0'));
    expect(newest).toHaveLength(1);
    expect(left).toEqual(
      [...newest, ...[1, 2, 3, 4, 5, 6, 7].map((k) => `run-v0.0.0-x64-0-0-${k}-1.bin`), path.basename(beingWritten)].sort(),
    );
  });
});

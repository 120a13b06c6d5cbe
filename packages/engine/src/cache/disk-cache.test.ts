/**
 * keyByStat: a key remembered with its files' stat is served while they stat the same, and never
 * once a file was written, moved over, removed, or when the memo is damaged; a file changed in the
 * last two seconds is not remembered. Then the two callers on DDEX's own (settled) files: the
 * compiled XSD set and the AVS are keyed from the memo without reading their files.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnumerationsFile } from '../avs/read-enumerations.js';
import { SCHEMAS_DIR } from '../test-support.js';
import { clearCompiledSets, loadCompiledSet, setKey } from '../xsd/compiled-cache.js';
import { keyByStat } from './disk-cache.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'ddex-stat-key-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let folders = 0;
const folder = () => {
  const dir = path.join(tmp, String(folders++));
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** A derivation that hashes `files` and counts how often it ran. */
function hashing(files: string[]) {
  const counter = {
    runs: 0,
    derive: () => {
      counter.runs++;
      const hash = createHash('sha256');
      for (const file of files) hash.update(readFileSync(file));
      return { key: hash.digest('hex'), files };
    },
  };
  return counter;
}

/** A folder with one file of `content`, a derivation hashing it, and where its memo goes. */
function oneFile(content: string) {
  const dir = folder();
  const file = path.join(dir, 'a.xsd');
  writeFileSync(file, content);
  return { dir, file, counter: hashing([file]), memo: path.join(dir, 'memo') };
}

/** A moment at which every file written so far counts as settled. */
const later = () => Date.now() + 10_000;

describe('keyByStat', () => {
  it('serves a remembered key without deriving while the files stat the same', () => {
    const dir = folder();
    const files = ['a.xsd', 'b.xsd'].map((name) => path.join(dir, name));
    files.forEach((file, i) => writeFileSync(file, `content ${i}`));
    const memo = path.join(dir, 'memo');
    const counter = hashing(files);
    const key = keyByStat(memo, 'set a', counter.derive, later());
    expect(counter.runs).toBe(1);
    expect(readdirSync(memo).filter((name) => name.startsWith('stat-'))).toHaveLength(1);
    expect(keyByStat(memo, 'set a', counter.derive, later())).toBe(key);
    expect(counter.runs).toBe(1);
    // Another question has its own memo.
    expect(keyByStat(memo, 'set b', counter.derive, later())).toBe(key);
    expect(counter.runs).toBe(2);
  });

  it('derives again once a file was written, even with its size and modification time put back', () => {
    const dir = folder();
    const file = path.join(dir, 'a.xsd');
    // A whole second as modification time, which utimes can set back exactly.
    const then = 1_700_000_000;
    writeFileSync(file, 'xs:string');
    utimesSync(file, then, then);
    const counter = hashing([file]);
    const memo = path.join(dir, 'memo');
    const key = keyByStat(memo, 'q', counter.derive, later());
    writeFileSync(file, 'xs:token!');
    utimesSync(file, then, then);
    expect(statSync(file).mtimeMs).toBe(then * 1000);
    const changed = keyByStat(memo, 'q', counter.derive, later());
    expect(counter.runs).toBe(2);
    expect(changed).not.toBe(key);
    expect(changed).toBe(hashing([file]).derive().key);
  });

  it('derives again when a file is replaced by another or removed', () => {
    const { dir, file, counter, memo } = oneFile('one');
    keyByStat(memo, 'q', counter.derive, later());
    writeFileSync(path.join(dir, 'b.xsd'), 'two');
    renameSync(path.join(dir, 'b.xsd'), file);
    expect(keyByStat(memo, 'q', counter.derive, later())).toBe(hashing([file]).derive().key);
    expect(counter.runs).toBe(2);
    rmSync(file);
    expect(() => keyByStat(memo, 'q', counter.derive, later())).toThrow(/ENOENT/);
  });

  it('does not remember files changed in the last two seconds', () => {
    const { counter, memo } = oneFile('fresh');
    const key = keyByStat(memo, 'q', counter.derive);
    expect(keyByStat(memo, 'q', counter.derive)).toBe(key);
    expect(counter.runs).toBe(2);
    expect(() => readdirSync(memo)).toThrow(/ENOENT/);
  });

  it('reads over a damaged memo, and remembers nothing without a folder', () => {
    const { counter, memo } = oneFile('text');
    const key = keyByStat(memo, 'q', counter.derive, later());
    const [memoFile] = readdirSync(memo);
    writeFileSync(path.join(memo, memoFile!), '{"what":"q","key":');
    expect(keyByStat(memo, 'q', counter.derive, later())).toBe(key);
    writeFileSync(path.join(memo, memoFile!), JSON.stringify({ what: 'q', key: 'forged', files: [] }));
    expect(keyByStat(memo, 'q', counter.derive, later())).toBe(key);
    expect(counter.runs).toBe(3);
    expect(keyByStat(null, 'q', counter.derive, later())).toBe(key);
    expect(keyByStat(null, 'q', counter.derive, later())).toBe(key);
    expect(counter.runs).toBe(5);
  });
});

// DDEX's installed files were written long before this run: they are remembered at once. A memo
// pointing to another key proves the files were not read: the set or the AVS stored under that key
// is what comes back.
describe('the callers on settled files', () => {
  it('keys the compiled XSD set from the memo', () => {
    const cache = folder();
    const main = path.join(SCHEMAS_DIR, 'ern-4.3/release-notification.xsd');
    clearCompiledSets();
    const first = loadCompiledSet(main, cache);
    expect(first.set.key).toBe(setKey(main));
    const [memoName] = readdirSync(cache).filter((name) => name.startsWith('stat-'));
    expect(memoName).toBeDefined();
    const memoFile = path.join(cache, memoName!);
    const memo = JSON.parse(readFileSync(memoFile, 'utf8'));
    expect(memo.files.map(([file]: [string]) => path.basename(file))).toEqual(['release-notification.xsd', 'allowed-value-sets.xsd']);
    const forged = 'f'.repeat(64);
    writeFileSync(memoFile, JSON.stringify({ ...memo, key: forged }));
    const stored = JSON.parse(readFileSync(path.join(cache, `${first.set.key}.json`), 'utf8'));
    writeFileSync(path.join(cache, `${forged}.json`), JSON.stringify({ ...stored, key: forged }));
    clearCompiledSets();
    const second = loadCompiledSet(main, cache);
    expect(second.source).toBe('disk');
    expect(second.set.key).toBe(forged);
    clearCompiledSets();
  });

  it('keys the AVS from the memo', async () => {
    const cache = folder();
    const avs = path.join(SCHEMAS_DIR, 'ern-4.3/allowed-value-sets.xsd');
    const first = await readEnumerationsFile(avs, cache);
    expect(first.size).toBeGreaterThan(100);
    const memoFile = path.join(cache, readdirSync(cache).find((name) => name.startsWith('stat-'))!);
    const memo = JSON.parse(readFileSync(memoFile, 'utf8'));
    const forged = 'e'.repeat(64);
    writeFileSync(memoFile, JSON.stringify({ ...memo, key: forged }));
    writeFileSync(path.join(cache, `${forged}.json`), JSON.stringify({ format: 1, key: forged, types: [['Forged', { values: ['X'], members: [] }]] }));
    const second = await readEnumerationsFile(avs, cache);
    expect([...second.keys()]).toEqual(['Forged']);
  });
});

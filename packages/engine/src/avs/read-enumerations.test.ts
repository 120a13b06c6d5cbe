/** The AVS read from the user cache: served when the file is unchanged, never when it changed, and a damaged cache file is read over. */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEnumerationsFile } from './read-enumerations.js';

const xsd = (values: string[]) =>
  `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:simpleType name="Color"><xs:restriction base="xs:string">${values
    .map((v) => `<xs:enumeration value="${v}"/>`)
    .join('')}</xs:restriction></xs:simpleType></xs:schema>`;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-avs-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readEnumerationsFile with a cache', () => {
  it('writes the cache once and serves the same types from it', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'avs.xsd');
    const cache = path.join(dir, 'cache');
    writeFileSync(file, xsd(['Red', 'Blue']));
    const first = await readEnumerationsFile(file, cache);
    expect(readdirSync(cache)).toHaveLength(1);
    const cacheFile = path.join(cache, readdirSync(cache)[0]);
    // Served from the cache: what the cache says is what comes back.
    writeFileSync(cacheFile, JSON.stringify({ format: 1, key: path.basename(cacheFile, '.json'), types: [['Color', { values: ['Cached'], members: [] }]] }));
    const second = await readEnumerationsFile(file, cache);
    expect(first.get('Color')?.values).toEqual(['Red', 'Blue']);
    expect(second.get('Color')?.values).toEqual(['Cached']);
  });

  it('reads a changed file again', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'avs.xsd');
    const cache = path.join(dir, 'cache');
    writeFileSync(file, xsd(['Red']));
    await readEnumerationsFile(file, cache);
    writeFileSync(file, xsd(['Red', 'Green']));
    expect((await readEnumerationsFile(file, cache)).get('Color')?.values).toEqual(['Red', 'Green']);
  });

  it('reads over a damaged cache file, and works with no cache', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'avs.xsd');
    const cache = path.join(dir, 'cache');
    writeFileSync(file, xsd(['Red']));
    await readEnumerationsFile(file, cache);
    writeFileSync(path.join(cache, readdirSync(cache)[0]), '{"format":1,"key":');
    expect((await readEnumerationsFile(file, cache)).get('Color')?.values).toEqual(['Red']);
    expect((await readEnumerationsFile(file, null)).get('Color')?.values).toEqual(['Red']);
  });
});

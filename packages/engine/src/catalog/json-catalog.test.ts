import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogFileError, JsonCatalog } from './json-catalog.js';

describe('JsonCatalog', () => {
  const catalog = JsonCatalog.fromValue({
    memberId: 'label-7',
    releases: [{ upc: '602445790128', memberId: 'label-7', live: true, title: 'Blue Hour' }],
    recordings: [{ isrc: 'GB-AYE-24-00001', memberId: 'label-9', title: 'First Light' }],
  });

  it('finds releases by UPC or the EAN-13 of the same UPC, and recordings by any ISRC spelling', async () => {
    expect(catalog.memberId).toBe('label-7');
    expect(await catalog.findRelease('0602445790128')).toMatchObject({ memberId: 'label-7', live: true, title: 'Blue Hour' });
    expect(await catalog.findRelease('602445790129')).toBeNull();
    expect(await catalog.findRecording('gbaye2400001')).toMatchObject({ memberId: 'label-9' });
  });

  it('names the entry at fault', () => {
    expect(() => JsonCatalog.fromValue({ releases: [{ upc: '1', memberId: 'm' }, { memberId: 'm' }] }, 'c.json')).toThrow(
      new CatalogFileError('releases[1].upc is missing (a non-empty string)', 'c.json'),
    );
    expect(() => JsonCatalog.fromValue({ recordings: {} }, 'c.json')).toThrow('c.json: recordings must be an array');
    expect(() => JsonCatalog.fromValue([], 'c.json')).toThrow('the catalog must be a JSON object');
  });

  it('reads a file, and says clearly when it is missing or not JSON', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'catalog-'));
    const file = path.join(dir, 'catalog.json');
    await writeFile(file, JSON.stringify({ memberId: null, releases: [] }));
    expect((await JsonCatalog.fromFile(file)).memberId).toBeNull();
    await writeFile(file, '{ nope');
    await expect(JsonCatalog.fromFile(file)).rejects.toThrow(/catalog.json: not valid JSON/);
    await expect(JsonCatalog.fromFile(path.join(dir, 'missing.json'))).rejects.toThrow(/missing.json: catalog file not found/);
  });
});

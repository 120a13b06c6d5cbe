import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../test-support.js';
import { SchemaStore, userCacheDir } from './schema-store.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'ddex-schema-store-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function makeSet(root: string, version: string, files: Record<string, string>): string {
  const dir = path.join(root, `ern-${version}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const xsd = (body = '') => `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>\n`;

describe('SchemaStore.locate', () => {
  const saved = { env: process.env.DDEX_SCHEMAS_DIR, xdg: process.env.XDG_CACHE_HOME };
  const optionRoot = path.join(tmp, 'option');
  const envRoot = path.join(tmp, 'env');
  const cacheHome = path.join(tmp, 'xdg');
  beforeEach(() => {
    process.env.DDEX_SCHEMAS_DIR = envRoot;
    process.env.XDG_CACHE_HOME = cacheHome;
  });
  afterEach(() => {
    process.env.DDEX_SCHEMAS_DIR = saved.env;
    process.env.XDG_CACHE_HOME = saved.xdg;
  });
  makeSet(optionRoot, '4.3', { 'release-notification.xsd': xsd() });
  makeSet(envRoot, '4.3', { 'release-notification.xsd': xsd() });
  makeSet(envRoot, '4.2', { 'release-notification.xsd': xsd() });
  makeSet(path.join(cacheHome, 'ddex-check', 'schemas'), '4.2', { 'release-notification.xsd': xsd() });
  makeSet(path.join(cacheHome, 'ddex-check', 'schemas'), '4.1', { 'release-notification.xsd': xsd() });

  it('searches --schemas, then DDEX_SCHEMAS_DIR, then the user cache', () => {
    const store = new SchemaStore({ dir: optionRoot });
    expect(store.locate('4.3')).toEqual({
      dir: path.join(optionRoot, 'ern-4.3'),
      mainFile: path.join(optionRoot, 'ern-4.3', 'release-notification.xsd'),
      origin: 'option',
    });
    expect(store.locate('4.2')?.origin).toBe('env');
    expect(store.locate('4.2')?.dir).toBe(path.join(envRoot, 'ern-4.2'));
    expect(store.locate('4.1')?.origin).toBe('cache');
    expect(store.locate('4.1')?.dir).toBe(path.join(cacheHome, 'ddex-check', 'schemas', 'ern-4.1'));
    expect(store.locate('3.8.2')).toBeNull();
  });

  it('reads the environment when asked, not when built', () => {
    const store = new SchemaStore();
    expect(store.locate('4.3')?.origin).toBe('env');
    delete process.env.DDEX_SCHEMAS_DIR;
    expect(store.locate('4.3')).toBeNull();
  });

  it('refuses version names that are not numbers', () => {
    const store = new SchemaStore({ dir: optionRoot });
    expect(store.locate('../ern-4.3')).toBeNull();
    expect(store.locate('')).toBeNull();
  });

  it('keeps a set once found, and looks again for one not found (a set installed while a server runs)', () => {
    const root = path.join(tmp, 'kept');
    const store = new SchemaStore({ dir: root });
    expect(store.locate('7.1')).toBeNull();
    const dir = makeSet(root, '7.1', { 'release-notification.xsd': xsd() });
    const found = store.locate('7.1');
    expect(found).toEqual({ dir, mainFile: path.join(dir, 'release-notification.xsd'), origin: 'option' });
    // Found once, the set is not looked for on disk again (its files are read once per process anyway)...
    rmSync(dir, { recursive: true });
    expect(store.locate('7.1')).toEqual(found);
    // ...until the cache is cleared (`schemas pull` replaced files).
    SchemaStore.clearCache();
    expect(store.locate('7.1')).toBeNull();
  });

  it('finds a main file one folder down (ERN 4.3.2 layout)', () => {
    const location = new SchemaStore({ dir: SCHEMAS_DIR }).locate('4.3.2');
    expect(location?.dir).toBe(path.join(SCHEMAS_DIR, 'ern-4.3.2'));
    expect(location?.mainFile).toBe(path.join(SCHEMAS_DIR, 'ern-4.3.2', 'ernv432', 'release-notification.xsd'));
  });
});

describe('SchemaStore.load', () => {
  const store = new SchemaStore({ dir: SCHEMAS_DIR });

  it.each([
    ['3.8', 'avs.xsd'],
    ['3.8.1', 'avs_20161006.xsd'],
  ])('maps the remote AVS import of ERN %s to the local %s', async (version, local) => {
    const set = await store.load(version);
    const main = set.main.contents.toString('utf8');
    expect(set.main.fileName).toBe('release-notification.xsd');
    expect(set.imports.map((f) => f.fileName)).toEqual([local]);
    expect(main).toContain(`schemaLocation="${local}"`);
    expect(main).not.toMatch(/schemaLocation="http/);
  });

  it('keeps local imports untouched, byte for byte', async () => {
    const set = await store.load('4.3');
    expect(set.imports.map((f) => f.fileName)).toEqual(['allowed-value-sets.xsd']);
    const { readFileSync } = await import('node:fs');
    expect(set.main.contents.equals(readFileSync(path.join(SCHEMAS_DIR, 'ern-4.3', 'release-notification.xsd')))).toBe(true);
  });

  it('names files relative to the set folder so that ../ imports resolve (ERN 4.3.2)', async () => {
    const set = await store.load('4.3.2');
    expect(set.main.fileName).toBe('ernv432/release-notification.xsd');
    expect(set.imports.map((f) => f.fileName)).toEqual(['allowed-value-sets.xsd']);
    expect(set.main.contents.toString('utf8')).toContain('schemaLocation="../allowed-value-sets.xsd"');
  });

  it('follows every import of the legacy ERN 3.4.1 set once', async () => {
    const set = await store.load('3.4.1');
    expect(set.imports.map((f) => f.fileName).sort()).toEqual(['ddex.xsd', 'ddexC.xsd', 'iso3166a2.xsd', 'iso4217a.xsd', 'iso639a2.xsd']);
  });

  it('reads a set once per process', async () => {
    expect(await store.load('4.3')).toBe(await new SchemaStore({ dir: SCHEMAS_DIR }).load('4.3'));
  });

  it('follows includes transitively, rewrites URLs in sub-folders and skips commented-out imports', async () => {
    const root = path.join(tmp, 'transitive');
    makeSet(root, '9.1', {
      'release-notification.xsd': xsd(
        `<!-- <xs:import namespace="x" schemaLocation="missing.xsd"/> -->\n<xs:include\n   schemaLocation="parts/a.xsd"/>`,
      ),
      'parts/a.xsd': xsd(`<xs:import namespace="urn:b" schemaLocation='https://example.org/schemas/b.xsd?v=1'/>`),
      'parts/b.xsd': xsd(`<xsd:include schemaLocation="../c.xsd"/>`),
      'c.xsd': xsd(),
    });
    const set = await new SchemaStore({ dir: root }).load('9.1');
    expect(set.imports.map((f) => f.fileName)).toEqual(['parts/a.xsd', 'parts/b.xsd', 'c.xsd']);
    expect(set.imports[0].contents.toString()).toContain(`schemaLocation='b.xsd'`);
  });

  it('says which import is missing instead of fetching it', async () => {
    const root = path.join(tmp, 'missing');
    makeSet(root, '9.2', { 'release-notification.xsd': xsd(`<xs:import namespace="urn:a" schemaLocation="http://ddex.net/xml/avs/avs.xsd"/>`) });
    await expect(new SchemaStore({ dir: root }).load('9.2')).rejects.toThrow(/http:\/\/ddex\.net\/xml\/avs\/avs\.xsd.*never downloaded.*"avs\.xsd"/);
  });

  it('refuses imports outside the set folder', async () => {
    const root = path.join(tmp, 'outside');
    makeSet(root, '9.3', { 'release-notification.xsd': xsd(`<xs:import namespace="urn:a" schemaLocation="../../secret.xsd"/>`) });
    writeFileSync(path.join(tmp, 'secret.xsd'), xsd());
    await expect(new SchemaStore({ dir: root }).load('9.3')).rejects.toThrow(/outside the schema folder/);
  });

  it('rejects with the install hint when there is no set', async () => {
    await expect(new SchemaStore({ dir: path.join(tmp, 'none') }).load('1.0')).rejects.toThrow(/schemas pull 1\.0/);
  });
});

describe('userCacheDir and installHint', () => {
  it('follows each platform convention', () => {
    expect(userCacheDir({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/a')).toBe('/x/cache/ddex-check/schemas');
    expect(userCacheDir({}, 'linux', '/home/a')).toBe('/home/a/.cache/ddex-check/schemas');
    expect(userCacheDir({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/a')).toBe('/home/a/.cache/ddex-check/schemas');
    expect(userCacheDir({ XDG_CACHE_HOME: '/x' }, 'darwin', '/Users/a')).toBe('/Users/a/Library/Caches/ddex-check/schemas');
    expect(userCacheDir({ LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, 'win32', 'C:\\Users\\a')).toBe('C:\\Users\\a\\AppData\\Local\\ddex-check\\schemas');
  });

  it('tells how to install a version', () => {
    expect(SchemaStore.installHint('4.3')).toBe('run "ddex-check schemas pull 4.3" or pass --schemas DIR / set DDEX_SCHEMAS_DIR');
  });
});

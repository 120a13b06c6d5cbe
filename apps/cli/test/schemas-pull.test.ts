/**
 * `ddex-check schemas pull` against a local HTTP server (node:http on 127.0.0.1, random port):
 * the DDEX sets of ../shared/ddex/xsd served as a mirror, and a small made-up set (not DDEX's)
 * served "officially" to exercise absolute and climbing imports. Pulls go into a temp
 * XDG_CACHE_HOME through the real bin.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@ddex-check/engine';
import { pullSchemas, MANIFEST_FILE, type Manifest } from '../src/schemas/pull.js';
import { crawl, LIMITS, PullError } from '../src/schemas/crawl.js';
import { officialUrl, mirrorUrl } from '../src/schemas/versions.js';
import { runBin, SHARED } from './golden-harness.js';

const XSD_DIR = path.join(SHARED, 'ddex/xsd');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: Server;
let base: string;
const requests: string[] = [];
/** Extra in-memory files (path -> body) served next to the shared folder. */
const extra = new Map<string, string>();

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(url);
    if (extra.has(url)) {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(extra.get(url));
      return;
    }
    const file = path.resolve(XSD_DIR, '.' + url.replace(/^\/mirror/, ''));
    if (!url.startsWith('/mirror/') || !file.startsWith(XSD_DIR + path.sep)) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function tempCache() {
  const home = await mkdtemp(path.join(os.tmpdir(), 'pull-'));
  return { home, cache: path.join(home, 'ddex-check/schemas') };
}

describe('schemas pull (bin, mirror of ../shared/ddex/xsd)', () => {
  it('installs 4.3, 3.8 (remote AVS import) and 4.3.2 (nested main file) byte for byte, with a manifest, and lists them', async () => {
    const { home, cache } = await tempCache();
    try {
      const env = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: home, TERM: 'dumb' };
      const pulled = await runBin(['schemas', 'pull', '4.3', '3.8', '4.3.2', '--from', `${base}/mirror`], { cwd: process.cwd(), env });
      expect(pulled.stderr).toBe('');
      expect(pulled.status).toBe(0);
      expect(pulled.stdout).toContain(`ERN 4.3: 2 files`);
      expect(pulled.stdout).toContain(`ERN 3.8: 2 files`);
      expect(pulled.stdout).toContain(`into ${cache}`);

      for (const [version, files] of [
        ['4.3', ['release-notification.xsd', 'allowed-value-sets.xsd']],
        ['3.8', ['release-notification.xsd', 'avs.xsd']],
        ['4.3.2', ['ernv432/release-notification.xsd', 'allowed-value-sets.xsd']],
      ] as const) {
        const manifest = JSON.parse(await readFile(path.join(cache, `ern-${version}`, MANIFEST_FILE), 'utf8')) as Manifest;
        expect(manifest.files.map((f) => f.path)).toEqual(files);
        for (const f of manifest.files) {
          const original = await readFile(path.join(XSD_DIR, `ern-${version}`, f.path));
          const stored = await readFile(path.join(cache, `ern-${version}`, f.path));
          expect(stored.equals(original)).toBe(true);
          expect(f.sha256).toBe(sha256(original));
          expect(f.url).toBe(`${base}/mirror/ern-${version}/${f.path}`);
        }
      }
      // ERN 3.8 imports http://ddex.net/xml/avs/avs.xsd: fetched from the mirror's set folder instead.
      expect(requests).toContain('/mirror/ern-3.8/avs.xsd');

      // The schema store (cache origin) loads each set, remote import mapped to the local file.
      const previous = process.env.XDG_CACHE_HOME;
      const previousDir = process.env.DDEX_SCHEMAS_DIR;
      process.env.XDG_CACHE_HOME = home;
      delete process.env.DDEX_SCHEMAS_DIR;
      try {
        SchemaStore.clearCache();
        const store = new SchemaStore();
        expect(store.locate('3.8')?.origin).toBe('cache');
        const set = await store.load('3.8');
        expect(set.imports.map((f) => f.fileName)).toEqual(['avs.xsd']);
        expect((await store.load('4.3.2')).main.fileName).toBe('ernv432/release-notification.xsd');
      } finally {
        process.env.XDG_CACHE_HOME = previous;
        process.env.DDEX_SCHEMAS_DIR = previousDir;
        SchemaStore.clearCache();
      }

      const listed = await runBin(['schemas', 'list', '--json'], { cwd: process.cwd(), env });
      const listing = JSON.parse(listed.stdout) as { sets: { version: string; origin: string; used: boolean; pulledFrom?: string }[] };
      expect(listing.sets.map((s) => [s.version, s.origin, s.used])).toEqual([
        ['3.8', 'cache', true],
        ['4.3', 'cache', true],
        ['4.3.2', 'cache', true],
      ]);
      expect(listing.sets[1].pulledFrom).toBe(`${base}/mirror/ern-4.3/release-notification.xsd`);

      // With the cache filled, the main command validates against it and gives no install hint.
      const checked = await runBin(['fixtures/cli/schema-invalid-43.xml', '-f', 'github'], { cwd: path.resolve(SHARED, '../main'), env });
      expect(checked.stdout).toContain('title=xml-schema-valid');
      expect(checked.stderr).not.toContain('schemas pull');
      expect(checked.status).toBe(1);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('fails cleanly (exit 2, nothing installed) when the mirror lacks a version or a file', async () => {
    const { home, cache } = await tempCache();
    try {
      const env = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: home };
      const result = await runBin(['schemas', 'pull', '9.9', '--from', `${base}/mirror`], { cwd: process.cwd(), env });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(`ddex-check: ERN 9.9 not installed: ${base}/mirror/ern-9.9/release-notification.xsd: HTTP 404 Not Found\n`);
      await expect(stat(path.join(cache, 'ern-9.9'))).rejects.toThrow();
      const usage = await runBin(['schemas', 'pull', 'latest'], { cwd: process.cwd(), env });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('"latest" is not an ERN version');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('schemas pull (library, own made-up schemas)', () => {
  const fetchLocal: typeof fetch = (input, init) => fetch(String(input).replace('http://ddex.net', `${base}/ddexnet`), init);

  it("follows relative, climbing and absolute imports from DDEX's address layout and keeps the set loadable", async () => {
    // ern/99/release-notification.xsd includes ../shared-types.xsd and imports an absolute URL on another host.
    extra.set(
      '/ddexnet/xml/ern/99/release-notification.xsd',
      `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:t="urn:t" xmlns:o="urn:o">
  <!-- <xs:import schemaLocation="commented-out.xsd"/> -->
  <xs:include schemaLocation="../shared-types.xsd"/>
  <xs:import namespace="urn:o" schemaLocation="http://other.example/lists/other.xsd"/>
  <xs:element name="Root" type="t:Code"/>
</xs:schema>`,
    );
    extra.set('/ddexnet/xml/ern/shared-types.xsd', `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t"><xs:simpleType name="Code"><xs:restriction base="xs:string"/></xs:simpleType></xs:schema>`);
    extra.set('/other/lists/other.xsd', `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:o"><xs:element name="O" type="xs:string"/></xs:schema>`);
    const fetchBoth: typeof fetch = (input, init) => fetchLocal(String(input).replace('http://other.example', `${base}/other`), init);
    const { home, cache } = await tempCache();
    try {
      const manifest = await pullSchemas({ version: '9.9', cacheDir: cache, fetchImpl: fetchBoth, now: () => new Date('2026-01-02T03:04:05Z') });
      expect(manifest).toMatchObject({ version: '9.9', source: 'official', main: '99/release-notification.xsd', pulled_at: '2026-01-02T03:04:05.000Z' });
      expect(manifest.files.map((f) => [f.path, f.url])).toEqual([
        ['99/release-notification.xsd', 'http://ddex.net/xml/ern/99/release-notification.xsd'],
        ['shared-types.xsd', 'http://ddex.net/xml/ern/shared-types.xsd'],
        ['other.xsd', 'http://other.example/lists/other.xsd'],
      ]);
      // The set folder has the climbing include's layout, so the store reads it (pullSchemas checked it too).
      expect(await readFile(path.join(cache, 'ern-9.9/shared-types.xsd'), 'utf8')).toContain('name="Code"');
      expect(await readFile(path.join(cache, 'ern-9.9/99/release-notification.xsd'), 'utf8')).toContain('http://other.example/lists/other.xsd');
      expect(requests).not.toContain('/ddexnet/xml/ern/99/commented-out.xsd');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('refuses non-http addresses, oversize answers and import loops stay finite', async () => {
    await expect(crawl('file:///etc/passwd', fetch)).rejects.toThrow(PullError);
    extra.set('/loop/a.xsd', `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:include schemaLocation="b.xsd"/></xs:schema>`);
    extra.set('/loop/b.xsd', `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:include schemaLocation="a.xsd"/></xs:schema>`);
    const files = await crawl(`${base}/loop/a.xsd`, fetch);
    expect(files.map((f) => f.url)).toEqual([`${base}/loop/a.xsd`, `${base}/loop/b.xsd`]);
    const saved = LIMITS.maxBytes;
    LIMITS.maxBytes = 50;
    try {
      await expect(crawl(`${base}/loop/a.xsd`, fetch)).rejects.toThrow(/a.xsd: (\d+ bytes is )?more than (the )?50/);
    } finally {
      LIMITS.maxBytes = saved;
    }
    expect(mirrorUrl('https://m.example/ddex/', '4.3')).toEqual({ main: 'https://m.example/ddex/ern-4.3/release-notification.xsd', setRoot: 'https://m.example/ddex/ern-4.3/' });
    expect(officialUrl('3.8.2')).toBe('http://ddex.net/xml/ern/382/release-notification.xsd');
  });
});

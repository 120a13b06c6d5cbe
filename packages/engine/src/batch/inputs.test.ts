import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildZip } from '../../../../fixtures/scripts/make-bad-inputs.mjs';
import { sample } from '../test-support.js';
import { echoManifest, ern43, readAll, withTempDir } from './__tests__/batches.js';
import { looksLikeZip, openBatch } from './open-batch.js';

/** A stream delivering `bytes` in small pieces, as a request body does. */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 1000) yield bytes.subarray(at, at + 1000);
    })(),
  );

// Spooled uploads go to os.tmpdir(); point it at a folder of our own to see them come and go.
let spoolDir = '';
let savedTmp: string | undefined;
beforeEach(async () => {
  savedTmp = process.env.TMPDIR;
  spoolDir = await mkdtemp(path.join(os.tmpdir(), 'spool-test-'));
  process.env.TMPDIR = spoolDir;
});
afterEach(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await rm(spoolDir, { recursive: true, force: true });
});

describe('openBatch on bytes and streams', () => {
  it('sniffs zip magic', () => {
    expect(looksLikeZip(Buffer.from('PK\x03\x04rest'))).toBe(true);
    expect(looksLikeZip(Buffer.from('PK\x05\x06'))).toBe(true);
    expect(looksLikeZip(Buffer.from('<?xml'))).toBe(false);
    expect(looksLikeZip(Buffer.from('PK'))).toBe(false);
  });

  it('opens a zip Buffer in memory', async () => {
    const zip = await buildZip([{ name: 'b/m.xml', data: ern43('M') }, { name: 'b/manifest.xml', data: echoManifest }]);
    const batch = await openBatch(zip, { name: 'upload-42.zip' });
    expect(batch).toMatchObject({ kind: 'zip', source: 'upload-42.zip', messageOnly: false });
    expect(batch.messages.map((m) => m.path)).toEqual(['b/m.xml']);
    expect(batch.manifests.map((m) => m.path)).toEqual(['b/manifest.xml']);
    expect((await readAll(batch.messages[0])).toString()).toBe(ern43('M'));
    await batch.close();
  });

  it('opens an XML Buffer as the one message, readable twice', async () => {
    const xml = Buffer.from(ern43('X'.repeat(100_000)));
    const batch = await openBatch(xml, { name: 'uploads/release.xml' });
    expect(batch).toMatchObject({ kind: 'xml', source: 'uploads/release.xml', messageOnly: true, marker: null, manifests: [] });
    expect(batch.entries).toHaveLength(1);
    expect(batch.messages).toEqual(batch.entries);
    expect(batch.entries[0]).toMatchObject({ path: 'release.xml', size: xml.length });
    expect((await readAll(batch.entries[0])).equals(xml)).toBe(true);
    expect((await readAll(batch.entries[0])).equals(xml)).toBe(true);
    await batch.close();
  });

  it('spools a zip stream to a temp file and deletes it on close', async () => {
    const zip = await buildZip([{ name: 'm.xml', data: ern43('S') }]);
    const batch = await openBatch(streamOf(zip), { name: 'body.zip' });
    expect(await readdir(spoolDir)).toHaveLength(1);
    expect(batch).toMatchObject({ kind: 'zip', source: 'body.zip' });
    expect((await readAll(batch.messages[0])).toString()).toBe(ern43('S'));
    expect((await readAll(batch.messages[0])).toString()).toBe(ern43('S'));
    await batch.close();
    await batch.close();
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('spools an XML stream, and removes the spool when the zip is refused', async () => {
    const batch = await openBatch(streamOf(Buffer.from(ern43('T'))));
    expect(batch).toMatchObject({ kind: 'xml', source: 'message.xml', messageOnly: true });
    expect((await readAll(batch.messages[0])).toString()).toBe(ern43('T'));
    await batch.close();
    expect(await readdir(spoolDir)).toEqual([]);

    const noMessage = await buildZip([{ name: 'readme.txt', data: 'hi' }]);
    await expect(openBatch(streamOf(noMessage), { name: 'x.zip' })).rejects.toMatchObject({ code: 'no_message' });
    await expect(openBatch(streamOf(Buffer.from('garbage')), { name: 'y.zip' })).rejects.toMatchObject({ code: 'zip_invalid' });
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('says empty for an empty Buffer, stream or file', async () => {
    await expect(openBatch(Buffer.alloc(0), { name: 'a.xml' })).rejects.toMatchObject({ code: 'empty', file: 'a.xml' });
    await expect(openBatch(Readable.from([]), { name: 'b.zip' })).rejects.toMatchObject({ code: 'empty', file: 'b.zip' });
    expect(await readdir(spoolDir)).toEqual([]);
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'empty.xml');
      await writeFile(file, '');
      await expect(openBatch(file)).rejects.toMatchObject({ code: 'empty', file });
    });
  });

  it('reports a failing stream as unreadable', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(openBatch(failing, { name: 'c.zip' })).rejects.toMatchObject({ code: 'unreadable', message: expect.stringContaining('connection reset') });
    expect(await readdir(spoolDir)).toEqual([]);
  });
});

describe('openBatch on a lone file path', () => {
  it('takes a lone .xml as the one message, whatever its root', async () => {
    const file = sample('audius-protocol/fuga-batch/20240305090206405/BatchComplete_20240305090206405.xml');
    const batch = await openBatch(file);
    expect(batch).toMatchObject({ kind: 'xml', source: file, messageOnly: true, marker: null });
    expect(batch.messages.map((m) => m.path)).toEqual(['BatchComplete_20240305090206405.xml']);
    await batch.close();
  });

  it('keeps a .xml path a message even when its bytes are a zip', async () => {
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'odd.xml');
      await writeFile(file, await buildZip([{ name: 'm.xml', data: ern43('Z') }]));
      const batch = await openBatch(file);
      expect(batch).toMatchObject({ kind: 'xml', messageOnly: true });
      expect(batch.messages.map((m) => m.path)).toEqual(['odd.xml']);
      await batch.close();
    });
  });

  it('sniffs a file without a known extension', async () => {
    await withTempDir(async (dir) => {
      const zipped = path.join(dir, 'delivery.bin');
      await writeFile(zipped, await buildZip([{ name: 'm.xml', data: ern43('Z') }]));
      const zipBatch = await openBatch(zipped);
      expect(zipBatch.kind).toBe('zip');
      await zipBatch.close();
      const plain = path.join(dir, 'message');
      await writeFile(plain, ern43('P'));
      const xmlBatch = await openBatch(plain, { name: 'shown-as.xml' });
      expect(xmlBatch).toMatchObject({ kind: 'xml', source: 'shown-as.xml' });
      expect(xmlBatch.entries[0].path).toBe('shown-as.xml');
      await xmlBatch.close();
    });
  });
});

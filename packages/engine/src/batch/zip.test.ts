import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildZip, renameEntry, setDeclaredSize } from '../../../../fixtures/scripts/make-bad-inputs.mjs';
import { echoManifest, ern43, readAll, withTempDir } from './__tests__/batches.js';
import { openBatch } from './open-batch.js';
import { BatchError } from './types.js';

const paths = (entries: { path: string }[]) => entries.map((e) => e.path);

async function zipFile(dir: string, name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

const refusal = (p: Promise<unknown>) => p.then(() => expect.unreachable('openBatch should have refused'), (e: unknown) => e as BatchError);

describe('openBatch on a zip', () => {
  it('lists entries, finds messages, manifest and marker, and reads an entry twice', async () => {
    const audio = randomBytes(300_000);
    const zip = await buildZip([
      { name: '20240101000000000/BatchComplete_20240101000000000.xml', data: echoManifest },
      { name: '20240101000000000/5000000000001/5000000000001.xml', data: ern43('B') },
      { name: '20240101000000000/5000000000000/5000000000000.xml', data: ern43('A') },
      { name: '20240101000000000/5000000000000/resources/01.flac', data: audio, compress: false },
      { name: '20240101000000000/5000000000000/resources/nested.zip', data: await buildZip([{ name: 'x.xml', data: ern43('N') }]) },
      { name: '__MACOSX/20240101000000000/._5000000000000.xml', data: Buffer.from([0, 5, 22, 7]) },
      { name: '20240101000000000/.DS_Store', data: 'junk' },
    ]);
    await withTempDir(async (dir) => {
      const file = await zipFile(dir, 'batch.zip', zip);
      const batch = await openBatch(file);
      try {
        expect(batch.kind).toBe('zip');
        expect(batch.source).toBe(file);
        expect(paths(batch.entries)).toEqual([
          '20240101000000000/5000000000000/5000000000000.xml',
          '20240101000000000/5000000000000/resources/01.flac',
          '20240101000000000/5000000000000/resources/nested.zip',
          '20240101000000000/5000000000001/5000000000001.xml',
          '20240101000000000/BatchComplete_20240101000000000.xml',
        ]);
        expect(paths(batch.messages)).toEqual(['20240101000000000/5000000000000/5000000000000.xml', '20240101000000000/5000000000001/5000000000001.xml']);
        expect(paths(batch.manifests)).toEqual(['20240101000000000/BatchComplete_20240101000000000.xml']);
        expect(batch.marker?.path).toBe('20240101000000000/BatchComplete_20240101000000000.xml');

        const flac = batch.entries[1];
        expect(flac.size).toBe(audio.length);
        expect((await readAll(flac)).equals(audio)).toBe(true);
        expect((await readAll(flac)).equals(audio)).toBe(true);
        // The message was sniffed already; it still reads whole, twice.
        expect((await readAll(batch.messages[0])).toString()).toBe(ern43('A'));
        expect((await readAll(batch.messages[0])).toString()).toBe(ern43('A'));
      } finally {
        await batch.close();
      }
      await expect(batch.entries[0].open()).rejects.toThrow(/closed/);
    });
  });

  it.each([
    ['a ../ climb', 'xx/evil.txt', '../evil.txt'],
    ['a nested climb', 'a/xx/xx/e.txt', 'a/../../e.txt'],
    ['an absolute path', 'Xtmp/evil.txt', '/tmp/evil.txt'],
    ['a drive letter', 'CX/evil.txt', 'C:/evil.txt'],
    ['a backslash climb', 'xxXevil.txt', '..\\evil.txt'],
    ['a backslash absolute path', 'XXserverXshare.txt', '\\\\server\\share.txt'],
  ])('refuses %s with zip_unsafe_path naming the entry', async (_label, placeholder, evil) => {
    const zip = renameEntry(await buildZip([{ name: 'm.xml', data: ern43('M') }, { name: placeholder, data: 'evil' }]), placeholder, evil);
    await withTempDir(async (dir) => {
      const err = await refusal(openBatch(await zipFile(dir, 'evil.zip', zip)));
      expect(err).toBeInstanceOf(BatchError);
      expect(err.code).toBe('zip_unsafe_path');
      expect(err.file).toBe(evil);
      expect(err.message).toContain(evil);
    });
  });

  it('refuses a zip bomb (50 MB of zeros) at the default 200:1 ratio, naming the entry', async () => {
    const zip = await buildZip([{ name: 'm.xml', data: ern43('M') }, { name: 'resources/zeros.wav', data: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThan(200_000);
    const err = await refusal(openBatch(zip, { name: 'bomb.zip' }));
    expect(err).toMatchObject({ code: 'zip_ratio', file: 'resources/zeros.wav' });
    expect(err.message).toMatch(/limit 200:1/);
  });

  it('applies a lower ratio limit and exempts small entries', async () => {
    const repetitive = Buffer.alloc(2 * 1024 * 1024, 'abcdefgh'); // compresses far better than 10:1
    const zip = await buildZip([{ name: 'm.xml', data: ern43('M'.repeat(5000)) }, { name: 'big.txt', data: repetitive }]);
    await expect(openBatch(zip, { limits: { maxCompressionRatio: 10 } })).rejects.toMatchObject({ code: 'zip_ratio', file: 'big.txt' });
    // m.xml (highly compressible, but under 1 MiB) is never the culprit.
    const small = await buildZip([{ name: 'm.xml', data: ern43('M'.repeat(50_000)) }]);
    const batch = await openBatch(small, { limits: { maxCompressionRatio: 10 } });
    expect(paths(batch.messages)).toEqual(['m.xml']);
    await batch.close();
  });

  it('refuses a zip whose declared total exceeds the cap', async () => {
    const zip = await buildZip([{ name: 'm.xml', data: ern43('M') }, { name: 'a.bin', data: randomBytes(600_000) }, { name: 'b.bin', data: randomBytes(600_000) }]);
    const err = await refusal(openBatch(zip, { limits: { maxUncompressedBytes: 1024 * 1024 } }));
    expect(err).toMatchObject({ code: 'zip_too_large', file: 'b.bin' });
    expect(err.message).toContain('1 MiB');
    const batch = await openBatch(zip, { limits: { maxUncompressedBytes: 2 * 1024 * 1024 } });
    expect(batch.entries).toHaveLength(3);
    await batch.close();
  });

  it('fails the read of an entry that inflates beyond its declared size', async () => {
    const zip = setDeclaredSize(await buildZip([{ name: 'm.xml', data: ern43('M') }, { name: 'liar.flac', data: Buffer.alloc(2 * 1024 * 1024, 7) }]), 'liar.flac', 1000);
    const batch = await openBatch(zip);
    const liar = batch.entries.find((e) => e.path === 'liar.flac')!;
    expect(liar.size).toBe(1000);
    await expect(readAll(liar)).rejects.toMatchObject({ code: 'zip_ratio', file: 'liar.flac' });
    await batch.close();
  });

  it('fails the read of an entry whose stored bytes do not match its CRC-32', async () => {
    const payload = Buffer.from('ORIGINAL-PAYLOAD-'.repeat(10));
    const zip = await buildZip([{ name: 'm.xml', data: ern43('M') }, { name: 'stored.bin', data: payload, compress: false }]);
    const at = zip.indexOf(payload);
    zip[at + 3] ^= 0xff;
    const batch = await openBatch(zip);
    await expect(readAll(batch.entries.find((e) => e.path === 'stored.bin')!)).rejects.toMatchObject({ code: 'zip_invalid', message: expect.stringContaining('CRC-32') });
    await batch.close();
  });

  it('lists an encrypted entry but refuses to open it, naming it', async () => {
    const zip = await buildZip([{ name: 'm.xml', data: ern43('M') }, { name: 'secret.flac', data: Buffer.alloc(5000, 3) }]);
    // Set the "encrypted" flag (bit 0) of secret.flac in the central directory.
    const central = zip.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'));
    expect(zip.subarray(central + 46, central + 46 + 11).toString()).toBe('secret.flac');
    zip.writeUInt16LE(zip.readUInt16LE(central + 8) | 1, central + 8);
    const batch = await openBatch(zip);
    const secret = batch.entries.find((e) => e.path === 'secret.flac')!;
    await expect(secret.open()).rejects.toMatchObject({ code: 'zip_invalid', file: 'secret.flac', message: expect.stringContaining('encrypted') });
    await batch.close();
  });

  it('refuses a corrupt zip with zip_invalid', async () => {
    const zip = await buildZip([{ name: 'm.xml', data: ern43('M') }]);
    await withTempDir(async (dir) => {
      await expect(openBatch(await zipFile(dir, 'cut.zip', zip.subarray(0, zip.length - 30)))).rejects.toMatchObject({ code: 'zip_invalid' });
      await expect(openBatch(await zipFile(dir, 'text.zip', Buffer.from('not a zip at all')))).rejects.toMatchObject({ code: 'zip_invalid' });
    });
  });

  it('refuses a zip holding the same path twice', async () => {
    const zip = renameEntry(await buildZip([{ name: 'a.xml', data: ern43('A') }, { name: 'b.xml', data: ern43('B') }]), 'b.xml', 'a.xml');
    await expect(openBatch(zip)).rejects.toMatchObject({ code: 'zip_invalid', file: 'a.xml' });
  });

  it('refuses a zip without any message, and an empty zip, with no_message', async () => {
    await expect(openBatch(await buildZip([{ name: 'readme.txt', data: 'hi' }]), { name: 'x.zip' })).rejects.toMatchObject({ code: 'no_message', file: 'x.zip' });
    await expect(openBatch(await buildZip([]), { name: 'empty.zip' })).rejects.toMatchObject({ code: 'no_message', message: expect.stringContaining('holds no files') });
  });
});

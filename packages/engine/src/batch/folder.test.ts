import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sample } from '../test-support.js';
import { openBatch } from './open-batch.js';
import { echoManifest, ern43, readAll, withTempDir } from './__tests__/batches.js';
import { BatchError } from './types.js';
import { BULK_CHUNK, fileEntry } from './folder.js';

const paths = (entries: { path: string }[]) => entries.map((e) => e.path);

describe('openBatch on a folder', () => {
  it('finds the message, the ERN-C manifest and the marker of the FUGA sample batch', async () => {
    const root = sample('audius-protocol/fuga-batch');
    const batch = await openBatch(root);
    try {
      expect(batch.kind).toBe('folder');
      expect(batch.source).toBe(root);
      expect(batch.messageOnly).toBe(false);
      expect(paths(batch.entries)).toEqual(['20240305090206405/8718857546047/8718857546047.xml', '20240305090206405/BatchComplete_20240305090206405.xml']);
      expect(paths(batch.messages)).toEqual(['20240305090206405/8718857546047/8718857546047.xml']);
      expect(paths(batch.manifests)).toEqual(['20240305090206405/BatchComplete_20240305090206405.xml']);
      expect(batch.marker?.path).toBe('20240305090206405/BatchComplete_20240305090206405.xml');
      const message = batch.messages[0];
      const onDisk = await readFile(path.join(root, message.path));
      expect(message.size).toBe(onDisk.length);
      expect((await readAll(message)).equals(onDisk)).toBe(true);
    } finally {
      await batch.close();
    }
  });

  it('lists the six ECHO batches of the CPD samples in path order, marker from the first', async () => {
    const batch = await openBatch(sample('audius-protocol/cpd-batches'));
    try {
      expect(batch.messages).toHaveLength(6);
      expect(paths(batch.messages)).toEqual([...paths(batch.messages)].sort());
      expect(batch.messages.every((m) => m.path.endsWith('/721620118165/721620118165.xml'))).toBe(true);
      expect(batch.manifests).toHaveLength(6);
      expect(batch.marker?.path).toBe('1_CPD1/20161024145603121/BatchComplete_20161024145603121.xml');
    } finally {
      await batch.close();
    }
  });

  it('opens a release-by-release folder (no manifest, no marker)', async () => {
    const batch = await openBatch(sample('audius-protocol/sony-release-by-release-ern381'));
    expect(paths(batch.messages)).toEqual(['A10301A0005108088N/A10301A0005108088N.xml']);
    expect(batch.manifests).toEqual([]);
    expect(batch.marker).toBeNull();
    await batch.close();
  });

  it('skips dotfiles and __MACOSX, keeps unreadable .xml as messages, leaves other XML out of messages', async () => {
    await withTempDir(async (dir) => {
      await mkdir(path.join(dir, 'b1/R1/resources'), { recursive: true });
      await mkdir(path.join(dir, '__MACOSX/b1'), { recursive: true });
      await mkdir(path.join(dir, '.git'), { recursive: true });
      await writeFile(path.join(dir, 'b1/R1/R1.xml'), ern43('R1'));
      await writeFile(path.join(dir, 'b1/R1/resources/01.flac'), Buffer.from('fLaC\0\0\0\x22'));
      await writeFile(path.join(dir, 'b1/R2.xml'), ''); // empty: the engine must say "not XML"
      await writeFile(path.join(dir, 'b1/R3.xml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])); // binary
      await writeFile(path.join(dir, 'b1/notes.xml'), '<ReleaseNotes><p>hi</p></ReleaseNotes>');
      await writeFile(path.join(dir, 'b1/manifest.xml'), echoManifest);
      await writeFile(path.join(dir, 'b1/delivery.complete'), '');
      await writeFile(path.join(dir, 'b1/.DS_Store'), 'junk');
      await writeFile(path.join(dir, '__MACOSX/b1/._R1.xml'), Buffer.from([0, 5, 22, 7, 0, 2, 0, 0]));
      await writeFile(path.join(dir, '.git/config'), '[core]');
      const batch = await openBatch(dir);
      expect(paths(batch.entries)).toEqual(['b1/R1/R1.xml', 'b1/R1/resources/01.flac', 'b1/R2.xml', 'b1/R3.xml', 'b1/delivery.complete', 'b1/manifest.xml', 'b1/notes.xml']);
      expect(paths(batch.messages)).toEqual(['b1/R1/R1.xml', 'b1/R2.xml', 'b1/R3.xml']);
      expect(paths(batch.manifests)).toEqual(['b1/manifest.xml']);
      expect(batch.marker?.path).toBe('b1/delivery.complete');
      await batch.close();
    });
  });

  it('follows a symbolic link loop only once', async () => {
    await withTempDir(async (dir) => {
      await mkdir(path.join(dir, 'a'));
      await writeFile(path.join(dir, 'a/m.xml'), ern43('M'));
      await symlink(path.join(dir, 'a'), path.join(dir, 'a/loop'));
      const batch = await openBatch(dir);
      expect(paths(batch.messages)).toEqual(['a/m.xml']);
      await batch.close();
    });
  });

  it('an empty BatchComplete file is a marker, not a manifest or a message', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'm.xml'), ern43('M'));
      await writeFile(path.join(dir, 'BatchComplete_20240101000000000.xml'), '');
      const batch = await openBatch(dir);
      expect(paths(batch.messages)).toEqual(['m.xml']);
      expect(batch.manifests).toEqual([]);
      expect(batch.marker?.path).toBe('BatchComplete_20240101000000000.xml');
      await batch.close();
    });
  });

  it('refuses a folder without any ERN message, naming it', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'readme.txt'), 'hello');
      await writeFile(path.join(dir, 'manifest.xml'), echoManifest);
      const err = await openBatch(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BatchError);
      expect(err).toMatchObject({ code: 'no_message', file: dir });
      expect((err as Error).message).toContain(dir);
    });
  });

  it('refuses an empty folder with no_message', async () => {
    await withTempDir(async (dir) => {
      await expect(openBatch(dir)).rejects.toMatchObject({ code: 'no_message', message: expect.stringContaining('holds no files') });
    });
  });

  it('says not_found for a missing path', async () => {
    await withTempDir(async (dir) => {
      const missing = path.join(dir, 'nope');
      await expect(openBatch(missing)).rejects.toMatchObject({ name: 'BatchError', code: 'not_found', file: missing });
    });
  });

  it('reads a file in 1 MiB chunks when asked for a bulk read (media), in 64 KiB chunks otherwise', async () => {
    await withTempDir(async (dir) => {
      const file = path.join(dir, 'big.wav');
      await writeFile(file, Buffer.alloc(3 * BULK_CHUNK + 5, 1));
      const sizes = async (bulk: boolean) => {
        const out: number[] = [];
        for await (const chunk of await fileEntry(file, 'big.wav', 3 * BULK_CHUNK + 5).open({ bulk })) out.push((chunk as Buffer).length);
        return out;
      };
      expect(await sizes(true)).toEqual([BULK_CHUNK, BULK_CHUNK, BULK_CHUNK, 5]);
      const small = await sizes(false);
      expect(Math.max(...small)).toBe(64 * 1024);
      expect(small.reduce((a, b) => a + b, 0)).toBe(3 * BULK_CHUNK + 5);
    });
  });

  it('reads a file smaller than a bulk chunk in chunks of its own size (64 KiB at least), whole', async () => {
    await withTempDir(async (dir) => {
      for (const size of [0, 1000, 200_000, BULK_CHUNK - 1]) {
        const file = path.join(dir, `cover-${size}.jpg`);
        await writeFile(file, Buffer.alloc(size, 7));
        const stream = await fileEntry(file, path.basename(file), size).open({ bulk: true });
        expect(stream.readableHighWaterMark, String(size)).toBe(Math.max(64 * 1024, size));
        let read = 0;
        for await (const chunk of stream) read += (chunk as Buffer).length;
        expect(read).toBe(size);
      }
      // A file that grew after it was listed is still read to its end.
      const grown = path.join(dir, 'grown.wav');
      await writeFile(grown, Buffer.alloc(300_000, 1));
      let read = 0;
      for await (const chunk of await fileEntry(grown, 'grown.wav', 1000).open({ bulk: true })) read += (chunk as Buffer).length;
      expect(read).toBe(300_000);
    });
  });
});

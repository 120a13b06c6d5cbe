import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBatch } from '../batch/open-batch.js';
import { readXml } from '../ern/testing/read-message.js';
import { DEFAULT_PROFILE } from '../profile/default.js';
import { HashPool, offloadable } from './hash-pool.js';
import { inspectMedia } from './inspect.js';
import { makeMediaBatch } from './testing/media-batch.js';

let dir: string;
let big: Buffer;
const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ddex-check-hash-pool-'));
  big = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 9)) & 0xff;
  await writeFile(path.join(dir, 'big.bin'), big);
  await writeFile(path.join(dir, 'small.bin'), 'abc');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('HashPool', () => {
  it('hashes files on worker threads with every digest asked, one job after another on a single worker', async () => {
    const pool = new HashPool(1);
    try {
      const [a, b, c] = await Promise.all([
        pool.hash(path.join(dir, 'big.bin'), ['md5', 'sha256']),
        pool.hash(path.join(dir, 'small.bin'), ['sha1']),
        pool.hash(path.join(dir, 'big.bin'), ['sha512']),
      ]);
      expect(a).toEqual({ bytes: big.length, hashes: { md5: digest('md5', big), sha256: digest('sha256', big) } });
      expect(b).toEqual({ bytes: 3, hashes: { sha1: digest('sha1', Buffer.from('abc')) } });
      expect(c.hashes.sha512).toBe(digest('sha512', big));
    } finally {
      await pool.close();
    }
  });

  it('rejects a file it cannot read with the reason, and keeps serving', async () => {
    const pool = new HashPool(2);
    try {
      await expect(pool.hash(path.join(dir, 'gone.bin'), ['md5'])).rejects.toThrow(/ENOENT/);
      expect((await pool.hash(path.join(dir, 'small.bin'), ['md5'])).hashes.md5).toBe(digest('md5', Buffer.from('abc')));
    } finally {
      await pool.close();
    }
    await expect(pool.hash(path.join(dir, 'small.bin'), ['md5'])).rejects.toThrow('closed');
  });

  it('offloads the digests Node computes; MD4 and CRC32 stay on the main thread', () => {
    expect(offloadable(['md5', 'sha256'])).toBe(true);
    expect(offloadable(['sha1'])).toBe(true);
    expect(offloadable(['md5', 'md4'])).toBe(false);
    expect(offloadable(['crc32'])).toBe(false);
    expect(offloadable([])).toBe(false);
  });
});

describe('inspectMedia with hashing on workers', () => {
  it('gives the same facts as hashing on the main thread, for a folder batch', async () => {
    const batchFiles = await makeMediaBatch({ version: '4.3' });
    try {
      const { message } = await readXml(batchFiles.xml);
      const run = async (hashPool?: HashPool) => {
        const batch = await openBatch(batchFiles.dir);
        const media = await inspectMedia({ batch, messages: [{ file: batchFiles.messageFile, message }], deep: false, profile: DEFAULT_PROFILE, hashWorkers: 0, hashPool, offloadMinBytes: 0 });
        return batch.entries.map((e) => media.facts(e.path)).filter((f) => f !== undefined);
      };
      const here = await run();
      const pool = new HashPool(2);
      const workers = await run(pool).finally(() => pool.close());
      expect(pool.completed).toBe(here.length);
      expect(here.length).toBeGreaterThan(2);
      expect(here.every((f) => f!.hashes.md5 !== undefined)).toBe(true);
      expect(workers).toEqual(here);
      const cover = here.find((f) => f!.path.endsWith('cover.jpg'))!;
      expect(cover.hashes.md5).toBe(digest('md5', await readFile(path.join(batchFiles.dir, 'resources/cover.jpg'))));
    } finally {
      await rm(batchFiles.dir, { recursive: true, force: true });
    }
  });
});

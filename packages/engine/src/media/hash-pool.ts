/**
 * Hash sums of large files on disk, computed on worker threads that read the files themselves.
 * Hashing is CPU-bound (MD5 about 630 MB/s per core on this project's machine, SHA-256 about
 * 1.3 GB/s) while a read from the page cache runs at 3 GB/s: on the main thread the hash is the
 * media stage's ceiling. A worker per core lifts it, and the main thread then reads only the head
 * and the tail of a FLAC or WAV file (inspect-file.ts). Measured in `npm run bench` (media, 2 cores):
 * MD5 505 -> 795 MB/s, SHA-256 851 -> 1228 MB/s.
 *
 * Handing chunks from the main thread to workers instead was measured slower (copies and messages
 * cost more than the second core gives), so each worker opens its file. MD4 and CRC32, computed by
 * our own code, stay on the main thread. The worker code is inline (`eval`), so it runs the same
 * from the sources under test and from dist.
 */
import { Worker } from 'node:worker_threads';
import type { DigestName } from './hash-algorithms.js';
import { WorkerPool } from '../workers/worker-pool.js';

/** Digests a worker computes with `crypto.createHash` (names as Node knows them). */
const NODE_NAMES: Partial<Record<DigestName, string>> = {
  md5: 'md5',
  sha1: 'sha1',
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  sha512: 'sha512',
};

/** True when a worker can compute every digest (MD4 and CRC32 are computed on the main thread). */
export function offloadable(names: Iterable<DigestName>): boolean {
  let any = false;
  for (const name of names) {
    if (!NODE_NAMES[name]) return false;
    any = true;
  }
  return any;
}

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createReadStream } = require('node:fs');
const { createHash } = require('node:crypto');
parentPort.on('message', async ({ file, names }) => {
  try {
    const hashes = names.map(([, node]) => createHash(node));
    let bytes = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      bytes += chunk.length;
      for (const h of hashes) h.update(chunk);
    }
    const out = {};
    names.forEach(([name], i) => (out[name] = hashes[i].digest('hex')));
    parentPort.postMessage({ hashes: out, bytes });
  } catch (error) {
    parentPort.postMessage({ error: error && error.message ? error.message : String(error) });
  }
});
`;

interface HashTask {
  file: string;
  names: [DigestName, string][];
}

export interface FileHashes {
  hashes: Partial<Record<DigestName, string>>;
  bytes: number;
}

type HashAnswer = FileHashes | { error: string };

export class HashPool {
  private readonly pool: WorkerPool<HashTask, HashAnswer, FileHashes>;
  /** Files hashed so far. */
  completed = 0;

  constructor(size: number) {
    this.pool = new WorkerPool({
      size,
      spawn: () => new Worker(WORKER_SOURCE, { eval: true }),
      settle: (answer) => {
        if ('error' in answer) throw new Error(answer.error);
        this.completed++;
        return answer;
      },
      closedMessage: 'the hash pool is closed',
    });
  }

  /** Hashes `file` with every digest in `names` (all computed by Node). Rejects when the file cannot be read. */
  hash(file: string, names: Iterable<DigestName>): Promise<FileHashes> {
    return this.pool.run({ file, names: [...names].map((name) => [name, NODE_NAMES[name]!] as [DigestName, string]) });
  }

  /** Stops the workers; jobs not finished are rejected. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

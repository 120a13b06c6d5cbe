/**
 * A folder batch: every file under the folder (recursively), read in place. Dotfiles and macOS
 * debris are left out; symbolic links are followed, except one leading back up (a loop).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isIgnoredPath } from './classify.js';
import { batchOf } from './assemble.js';
import { BatchError, type Batch, type BatchEntry } from './types.js';

/**
 * Chunk size of a bulk read (media files). Node's default (64 KiB) spends more time per chunk than
 * on the bytes: measured on this project's 2-core machine, a plain read of cached files went from
 * about 1 GB/s to 3.5 GB/s with 1 MiB chunks, and MD5 over them from 470 to 620 MB/s (`npm run
 * bench`, media). ERN messages keep the default: the pass is no faster on large chunks and its
 * peak memory grows with them.
 */
export const BULK_CHUNK = 1 << 20;

/** Opens a file of the batch as a stream; rejects (rather than emitting later) when it is gone. */
export async function openFileStream(absolute: string, bulk = false): Promise<Readable> {
  const handle = await fs.open(absolute, 'r');
  return handle.createReadStream(bulk ? { highWaterMark: BULK_CHUNK } : {});
}

export function fileEntry(absolute: string, relative: string, size: number): BatchEntry {
  return { path: relative, size, open: (options) => openFileStream(absolute, options?.bulk) };
}

/** `ancestors` are the real paths above `dir`: a link back to one of them is a loop, not a folder. */
async function walk(root: string, dir: string, ancestors: ReadonlySet<string>, out: BatchEntry[]): Promise<void> {
  let items;
  let here: Set<string>;
  try {
    const real = await fs.realpath(dir);
    if (ancestors.has(real)) return;
    here = new Set(ancestors).add(real);
    items = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    throw new BatchError(`cannot read folder ${dir}: ${(err as Error).message}`, 'unreadable', path.relative(root, dir).split(path.sep).join('/') || dir);
  }
  // Stats run side by side (the thread pool queues them); order is restored when the batch is sorted.
  await Promise.all(
    items.map(async (item) => {
      const absolute = path.join(dir, item.name);
      const relative = path.relative(root, absolute).split(path.sep).join('/');
      if (isIgnoredPath(relative)) return;
      let info;
      try {
        info = await fs.stat(absolute); // follows links: a linked folder or file counts as its target
      } catch {
        // A dangling link: list it, so a message pointing at it gets "cannot be read", not "missing".
        out.push(fileEntry(absolute, relative, 0));
        return;
      }
      if (info.isDirectory()) await walk(root, absolute, here, out);
      else if (info.isFile()) out.push(fileEntry(absolute, relative, info.size));
    }),
  );
}

export async function openFolder(folder: string, source: string): Promise<Batch> {
  const entries: BatchEntry[] = [];
  await walk(folder, folder, new Set(), entries);
  return batchOf({ kind: 'folder', source, entries, messageOnly: false, close: async () => {} });
}

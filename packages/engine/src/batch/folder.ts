/**
 * A folder batch: every file under the folder (recursively), read in place. Dotfiles and macOS
 * debris are left out. A batch is a closed set of files: a symbolic link is followed when its
 * target lies inside the batch folder (not when it leads back up: a loop), and refused, with the
 * link named, when it leads anywhere outside. Files and folders the user may not read are refused
 * up front as `permission` (the CLI exits 2: nothing is wrong with the delivery itself).
 */
import { constants, promises as fs } from 'node:fs';
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

/** The smallest chunk of a bulk read: a file smaller than BULK_CHUNK is read in chunks of its size, but not below this. */
const SMALL_CHUNK = 64 * 1024;

/**
 * Opens a file of the batch as a stream; rejects (rather than emitting later) when it is gone. A
 * bulk read of a file of `size` bytes (known: listed in the batch) uses chunks no larger than it:
 * Node allocates a whole chunk for each read, outside the heap, and a megabyte per cover image or
 * empty placeholder made V8 collect its heap every few files (5,000 empty files: 134 full
 * collections).
 */
export async function openFileStream(absolute: string, bulk = false, size?: number): Promise<Readable> {
  const handle = await fs.open(absolute, 'r');
  if (!bulk) return handle.createReadStream({});
  return handle.createReadStream({ highWaterMark: size === undefined ? BULK_CHUNK : Math.min(BULK_CHUNK, Math.max(SMALL_CHUNK, size)) });
}

export function fileEntry(absolute: string, relative: string, size: number): BatchEntry {
  return { path: relative, size, file: absolute, open: (options) => openFileStream(absolute, options?.bulk, size) };
}

const isPermission = (err: unknown) => ['EACCES', 'EPERM'].includes((err as NodeJS.ErrnoException).code ?? '');
const inside = (realRoot: string, target: string) => target === realRoot || target.startsWith(realRoot + path.sep);

/** Refuses a link whose target (followed to the end, or as written when dangling) is outside the batch. */
async function checkLink(realRoot: string, absolute: string, relative: string): Promise<void> {
  let target: string;
  try {
    target = await fs.realpath(absolute);
  } catch {
    target = path.resolve(path.dirname(absolute), await fs.readlink(absolute));
  }
  if (!inside(realRoot, target)) {
    throw new BatchError(`"${relative}" is a symbolic link to a place outside the batch; a batch is a closed set of files, so it is not read`, 'unsafe_link', relative);
  }
}

/** `ancestors` are the real paths above `dir`: a link back to one of them is a loop, not a folder. */
async function walk(root: string, realRoot: string, dir: string, ancestors: ReadonlySet<string>, out: BatchEntry[]): Promise<void> {
  let items;
  let here: Set<string>;
  const relativeDir = path.relative(root, dir).split(path.sep).join('/');
  try {
    const real = await fs.realpath(dir);
    if (ancestors.has(real)) return;
    here = new Set(ancestors).add(real);
    items = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    const code = isPermission(err) ? 'permission' : 'unreadable';
    throw new BatchError(`cannot read folder ${dir}: ${(err as Error).message}`, code, relativeDir || dir);
  }
  // Stats run side by side (the thread pool queues them); order is restored when the batch is sorted.
  await Promise.all(
    items.map(async (item) => {
      const absolute = path.join(dir, item.name);
      const relative = path.relative(root, absolute).split(path.sep).join('/');
      if (isIgnoredPath(relative)) return;
      if (item.isSymbolicLink()) await checkLink(realRoot, absolute, relative);
      let info;
      try {
        info = await fs.stat(absolute); // follows links: a linked folder or file counts as its target
      } catch {
        // A dangling link: list it, so a message pointing at it gets "cannot be read", not "missing".
        out.push(fileEntry(absolute, relative, 0));
        return;
      }
      if (info.isDirectory()) await walk(root, realRoot, absolute, here, out);
      else if (info.isFile()) {
        try {
          await fs.access(absolute, constants.R_OK);
        } catch (err) {
          if (isPermission(err)) throw new BatchError(`cannot read ${relative} in ${root}: ${(err as Error).message}`, 'permission', relative);
        }
        out.push(fileEntry(absolute, relative, info.size));
      }
    }),
  );
}

export async function openFolder(folder: string, source: string): Promise<Batch> {
  const entries: BatchEntry[] = [];
  let realRoot: string;
  try {
    realRoot = await fs.realpath(folder);
  } catch (err) {
    throw new BatchError(`cannot read folder ${folder}: ${(err as Error).message}`, isPermission(err) ? 'permission' : 'unreadable', folder);
  }
  await walk(folder, realRoot, folder, new Set(), entries);
  return batchOf({ kind: 'folder', source, entries, messageOnly: false, close: async () => {} });
}

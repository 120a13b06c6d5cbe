/**
 * A folder batch: every file under the folder (recursively), read in place. Dotfiles and macOS
 * debris are left out; symbolic links are followed, once per real directory so a loop ends.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isIgnoredPath } from './classify.js';
import { batchOf } from './assemble.js';
import { BatchError, type Batch, type BatchEntry } from './types.js';

/** Opens a file of the batch as a stream; rejects (rather than emitting later) when it is gone. */
export async function openFileStream(absolute: string): Promise<Readable> {
  const handle = await fs.open(absolute, 'r');
  return handle.createReadStream();
}

export function fileEntry(absolute: string, relative: string, size: number): BatchEntry {
  return { path: relative, size, open: () => openFileStream(absolute) };
}

async function walk(root: string, dir: string, seen: Set<string>, out: BatchEntry[]): Promise<void> {
  let items;
  try {
    const real = await fs.realpath(dir);
    if (seen.has(real)) return;
    seen.add(real);
    items = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    throw new BatchError(`cannot read folder ${dir}: ${(err as Error).message}`, 'unreadable', path.relative(root, dir).split(path.sep).join('/'));
  }
  items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const item of items) {
    const absolute = path.join(dir, item.name);
    const relative = path.relative(root, absolute).split(path.sep).join('/');
    if (isIgnoredPath(relative)) continue;
    let stat;
    try {
      stat = item.isSymbolicLink() ? await fs.stat(absolute) : item;
    } catch {
      // A dangling link: list it, so a message pointing at it gets "cannot be read", not "missing".
      out.push(fileEntry(absolute, relative, 0));
      continue;
    }
    if (stat.isDirectory()) await walk(root, absolute, seen, out);
    else if (stat.isFile()) out.push(fileEntry(absolute, relative, (await fs.stat(absolute)).size));
  }
}

export async function openFolder(folder: string, source: string): Promise<Batch> {
  const entries: BatchEntry[] = [];
  await walk(folder, folder, new Set(), entries);
  return batchOf({ kind: 'folder', source, entries, messageOnly: false, close: async () => {} });
}

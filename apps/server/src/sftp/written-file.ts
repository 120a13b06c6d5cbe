/**
 * A file an SFTP session has open: where each WRITE lands and whether it may (the file-size limit,
 * the write window), and what a CLOSE or a dropped connection leaves on disk. The inbox never holds
 * more than a client sent: a write that would leave more than the window unwritten below it is
 * refused, a file closed with bytes never written is not whole (removed by the session), and a file
 * left open by a dropped connection is cut back to the bytes written in order.
 */
import fsp from 'node:fs/promises';
import ssh2 from 'ssh2';
import type { InboxPath } from './inbox-tree.js';
import { Refused } from './sftp-status.js';
import { MAX_PIECES, WrittenRanges } from './write-coverage.js';

const { STATUS_CODE } = ssh2.utils.sftp;

export interface FileHandle {
  kind: 'file';
  fh: fsp.FileHandle;
  path: InboxPath & { kind: 'entry' };
  writable: boolean;
  /** Opened with APPEND: each write is placed after the one before, from the file's end, whatever its offset. */
  append: boolean;
  ranges: WrittenRanges;
  wrote: boolean;
  pending: Set<Promise<unknown>>;
  /** Why the file cannot be whole (a refused or failed write), or null. */
  failed: string | null;
  /** Its `sftp_open_files` row while open for writing in a batch folder (`open-files`), or null. */
  openId: number | null;
}

export interface WriteLimits {
  /** Largest file accepted (the POST /ddex raw body limit). */
  maxFileBytes: number;
  /** How far a handle's writes may run ahead of its first unwritten byte (SFTP_WRITE_WINDOW_BYTES). */
  writeWindowBytes: number;
}

export function openedFile(o: { fh: fsp.FileHandle; path: FileHandle['path']; writable: boolean; append: boolean; sizeAtOpen: number; openId: number | null }): FileHandle {
  // What the file holds already counts as written: a resume appends at its end.
  return { kind: 'file', fh: o.fh, path: o.path, writable: o.writable, append: o.append, ranges: new WrittenRanges(o.sizeAtOpen), wrote: false, pending: new Set(), failed: null, openId: o.openId };
}

function refuse(h: FileHandle, why: string): never {
  h.failed = why;
  throw new Refused(STATUS_CODE.FAILURE, why);
}

/** Writes `data` sent for `offset`, where it belongs; a refused write marks the file as not whole. */
export async function writeAt(h: FileHandle, data: Buffer, offset: number, limits: WriteLimits): Promise<void> {
  const start = h.append ? h.ranges.end : offset;
  const end = start + data.length;
  if (end > limits.maxFileBytes) refuse(h, `files are limited to ${limits.maxFileBytes} bytes (the size POST /ddex accepts)`);
  h.ranges.add(start, end);
  if (h.ranges.holes > limits.writeWindowBytes) {
    refuse(h, `this write would leave ${h.ranges.holes} bytes of the file unwritten below its end (byte ${end}), the first at byte ${h.ranges.wholeUpTo}; at most ${limits.writeWindowBytes} may be, while writes arrive out of order: the inbox stores only bytes a client sends, so write files in order`);
  }
  if (h.ranges.pieces > MAX_PIECES) refuse(h, `more than ${MAX_PIECES} separate stretches of the file were written ahead of its first unwritten byte (${h.ranges.wholeUpTo}): write files in order`);
  const write = h.fh.write(data, 0, data.length, start);
  h.pending.add(write);
  try {
    await write;
    h.wrote = true;
  } catch (error) {
    h.failed = (error as Error).message;
    throw error;
  } finally {
    h.pending.delete(write);
  }
}

/** Waits for the writes in flight; a file with bytes never written below its end is then not whole. */
export async function settle(h: FileHandle): Promise<void> {
  await Promise.allSettled([...h.pending]);
  if (!h.failed && h.ranges.holes > 0) h.failed = `${h.ranges.holes} bytes below its end (byte ${h.ranges.end}) were never written, the first at byte ${h.ranges.wholeUpTo}`;
}

/**
 * A file still open when the session ends (the connection dropped): one that failed is removed; one
 * whose writes did not all come is cut back to the bytes written in order, a true prefix that
 * `reput` can resume, so no hole outlives its handle.
 */
export async function abandon(h: FileHandle, diskPath: string): Promise<void> {
  await Promise.allSettled([...h.pending]);
  if (h.writable && !h.failed && h.ranges.holes > 0) await h.fh.truncate(h.ranges.wholeUpTo);
  await h.fh.close();
  if (h.writable && h.failed) await fsp.rm(diskPath, { force: true });
}

/**
 * Local scratch files of bodies being received, kept in the data directory whatever the blob
 * store (S3 too needs a local file while a body arrives). Each file sits in a folder of its own,
 * under a name of the server's: a client's name is data, never a file name on disk (a name of
 * 570 bytes, or with a NUL, would fail the file system, issue 41). Only its extension is kept,
 * since it says zip or XML; the engine is given the client's name to report beside the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { nowIso } from '../clock.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

/** This process as the owner of scratch folders: its host (as a file name) and pid. */
const OWNER = `${os.hostname().replace(/[^A-Za-z0-9-]/g, '_')}.${process.pid}`;

/**
 * Whether the scratch folder `name` belongs to a process of this machine that no longer runs. A
 * folder of this pid is a predecessor's (the sweep runs before this process makes any; in a
 * container a restarted server often gets the pid of the one before).
 */
function ownerIsGone(name: string): boolean {
  const m = /^(.+)\.(\d+)\.[0-9a-f-]{36}$/.exec(name);
  if (!m || m[1] !== OWNER.slice(0, OWNER.lastIndexOf('.'))) return false;
  const pid = Number(m[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user runs with that pid.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export class ScratchFiles {
  constructor(readonly dir: string) {
    makeFolderSync(dir);
  }

  tempPath(name: string): string {
    // Named by its owner (host and process), so a process started again can drop what a killed one left.
    const folder = path.join(this.dir, `${OWNER}.${crypto.randomUUID()}`);
    fs.mkdirSync(folder);
    return path.join(folder, `body${extensionOf(name)}`);
  }

  /** The scratch folder of a temporary file (removed with it), or null for a path outside it. */
  folderOf(tempPath: string): string | null {
    const folder = path.dirname(path.resolve(tempPath));
    return path.dirname(folder) === path.resolve(this.dir) ? folder : null;
  }

  /** Removes the scratch folder of a file that was moved away (nothing when it is not a scratch file). */
  async dropFolder(tempPath: string): Promise<void> {
    const folder = this.folderOf(tempPath);
    if (folder) await fsp.rm(folder, { recursive: true, force: true });
  }

  async removeTemp(tempPath: string): Promise<void> {
    await fsp.rm(this.folderOf(tempPath) ?? tempPath, { recursive: true, force: true });
  }

  /**
   * Removes, at a process's start, the scratch files of processes that are gone: those of this
   * machine whose process no longer runs (a kill -9 mid-request or mid-import), at once; any other
   * older than `maxAgeMs` (another machine's, on a shared volume, whose liveness cannot be seen).
   */
  async sweep(maxAgeMs: number): Promise<number> {
    let removed = 0;
    for (const name of await fsp.readdir(this.dir)) {
      const file = path.join(this.dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && (ownerIsGone(name) || Date.now() - stat.mtimeMs > maxAgeMs)) {
        await fsp.rm(file, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}

/** The scratch-file part of every blob store (`tempPath`, `removeTemp`, `sweepTemp` of BlobStore). */
export abstract class StoreWithScratch {
  protected readonly scratch: ScratchFiles;
  constructor(scratchDir: string) {
    this.scratch = new ScratchFiles(scratchDir);
  }

  tempPath(name: string): string {
    return this.scratch.tempPath(name);
  }

  removeTemp(tempPath: string): Promise<void> {
    return this.scratch.removeTemp(tempPath);
  }

  sweepTemp(maxAgeMs: number): Promise<number> {
    return this.scratch.sweep(maxAgeMs);
  }
}

/** The extension of a name (`.zip`, `.jpg`), when it is a short plain one; else none. */
export const extensionOf = (name: string) => /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0].toLowerCase() ?? '';

/**
 * A client's name as a safe file name for a key: letters, digits, `.`, `-` and `_` kept, every other
 * character `_`, at most 100 bytes (the extension kept), never `.` or `..`. Readable, never the name as given.
 */
export function safeFileName(name: string): string {
  const ext = extensionOf(name);
  const stem = name.slice(0, name.length - ext.length).replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 100 - ext.length);
  return `${stem || 'batch'}${ext}`;
}

/** A key for a new blob: `batches/<day>/<uuid>/<safe name>`, so names never collide and stay readable. */
export const newBlobKey = (name: string) => path.posix.join('batches', nowIso().slice(0, 10), crypto.randomUUID(), safeFileName(name));

/**
 * Blob store on a local directory: delivered batches under `batches/`, spilled dry-run bodies
 * under `tmp/`. Writes go to a temporary name and are renamed when complete, so a crash never
 * leaves a half-written batch under a name a delivery points at.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { once } from 'node:events';
import type { BlobStore, LocalCopy } from './blob-store.js';

export class LocalBlobStore implements BlobStore {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
    fs.mkdirSync(path.join(this.root, 'batches'), { recursive: true });
    fs.mkdirSync(path.join(this.root, 'tmp'), { recursive: true });
  }

  /**
   * A fresh temporary file path (in the blob volume, so the final rename is atomic), in a folder of
   * its own so the file keeps the client's name: what the engine reports of it is that name, never
   * a path of the server.
   */
  tempPath(name: string): string {
    const dir = path.join(this.root, 'tmp', crypto.randomUUID());
    fs.mkdirSync(dir);
    return path.join(dir, path.basename(name));
  }

  /** The scratch folder of a temporary file (removed with it), or null for a path outside tmp/. */
  private scratchDir(tempPath: string): string | null {
    const dir = path.dirname(path.resolve(tempPath));
    return path.dirname(dir) === path.join(this.root, 'tmp') ? dir : null;
  }

  /** Moves a complete temporary file to its permanent key and returns the key. */
  async putFile(tempPath: string, name: string): Promise<string> {
    const key = path.posix.join('batches', new Date().toISOString().slice(0, 10), `${crypto.randomUUID()}`, name);
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
    const dir = this.scratchDir(tempPath);
    if (dir) await fsp.rm(dir, { recursive: true, force: true });
    return key;
  }

  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`blob key outside the store: ${key}`);
    return resolved;
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  private partsDir(uploadId: number): string {
    return path.join(this.root, 'uploads', String(uploadId));
  }

  async putPart(tempPath: string, uploadId: number, n: number): Promise<void> {
    const dir = this.partsDir(uploadId);
    await fsp.mkdir(dir, { recursive: true });
    // A rename replaces an earlier copy of the part at once: a reader never sees half of either.
    await fsp.rename(tempPath, path.join(dir, `part-${n}`));
    const scratch = this.scratchDir(tempPath);
    if (scratch) await fsp.rm(scratch, { recursive: true, force: true });
  }

  async assembleParts(uploadId: number, count: number, name: string): Promise<string> {
    const temp = this.tempPath(name);
    const out = fs.createWriteStream(temp);
    try {
      for (let n = 1; n <= count; n++) {
        for await (const chunk of fs.createReadStream(path.join(this.partsDir(uploadId), `part-${n}`), { highWaterMark: 1 << 20 })) {
          if (!out.write(chunk)) await once(out, 'drain');
        }
      }
      out.end();
      await once(out, 'finish');
    } catch (error) {
      out.destroy();
      await this.removeTemp(temp);
      throw error;
    }
    return this.putFile(temp, name);
  }

  async removeParts(uploadId: number): Promise<void> {
    await fsp.rm(this.partsDir(uploadId), { recursive: true, force: true });
  }

  /** The stored file itself: nothing to copy or release. */
  async openLocal(key: string): Promise<LocalCopy> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return { path: file, release: async () => {} };
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async removeTemp(tempPath: string): Promise<void> {
    await fsp.rm(this.scratchDir(tempPath) ?? tempPath, { recursive: true, force: true });
  }

  /** Removes temporary files older than `maxAgeMs` (left by a crash mid-upload). */
  async sweepTemp(maxAgeMs: number): Promise<number> {
    const dir = path.join(this.root, 'tmp');
    let removed = 0;
    for (const name of await fsp.readdir(dir)) {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > maxAgeMs) {
        await fsp.rm(file, { force: true, recursive: true });
        removed++;
      }
    }
    return removed;
  }
}

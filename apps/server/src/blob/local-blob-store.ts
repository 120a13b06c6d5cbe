/**
 * Blob store on a local directory: delivered batches under `batches/`, direct-upload parts under
 * `uploads/<id>/`, scratch files under `tmp/`. Writes go to a scratch name and are renamed when
 * complete, so a crash never leaves a half-written batch under a name a delivery points at.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PartsRefused, type BlobStore, type LocalCopy, type PartUpload, type StoredPart } from './blob-store.js';
import { newBlobKey, StoreWithScratch } from './scratch-files.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

const PART_FILE = /^part-(\d+)$/;
const identityOf = (stat: fs.BigIntStats) => `${stat.ino}:${stat.mtimeNs}`;

export class LocalBlobStore extends StoreWithScratch implements BlobStore {
  readonly receivesParts = true;
  readonly root: string;
  constructor(dataDir: string) {
    // Scratch files in the blob volume, so the final rename is atomic.
    super(path.join(dataDir, 'blobs', 'tmp'));
    this.root = path.join(dataDir, 'blobs');
    makeFolderSync(path.join(this.root, 'batches'));
  }

  /** Moves a complete temporary file to its permanent key and returns the key. */
  async putFile(tempPath: string, name: string): Promise<string> {
    const key = newBlobKey(name);
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
    await this.scratch.dropFolder(tempPath);
    return key;
  }

  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`blob key outside the store: ${key}`);
    return resolved;
  }

  async check(): Promise<void> {
    await fsp.access(path.join(this.root, 'batches'), fs.constants.W_OK);
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
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

  private partsDir(uploadId: number): string {
    return path.join(this.root, 'uploads', String(uploadId));
  }

  async beginParts(): Promise<null> {
    return null;
  }

  /** The server receives the parts itself: its own signed URL. */
  async partUrl(_upload: PartUpload, _n: number, _size: number, _signedAt: Date, _lifetimeS: number, serverUrl: () => string): Promise<string> {
    return serverUrl();
  }

  async putPart(tempPath: string, upload: PartUpload, n: number): Promise<void> {
    const dir = this.partsDir(upload.id);
    await fsp.mkdir(dir, { recursive: true });
    // A rename replaces an earlier copy of the part at once: a reader never sees half of either.
    await fsp.rename(tempPath, path.join(dir, `part-${n}`));
    await this.scratch.dropFolder(tempPath);
  }

  /** Each part with its identity as `etag`: the file's inode and modification time, new with every PUT. */
  async listParts(upload: PartUpload): Promise<StoredPart[]> {
    const dir = this.partsDir(upload.id);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    const parts: StoredPart[] = [];
    for (const name of names) {
      const m = PART_FILE.exec(name);
      const stat = m && (await fsp.stat(path.join(dir, name), { bigint: true }).catch(() => null));
      if (m && stat) parts.push({ partNumber: Number(m[1]), size: Number(stat.size), etag: identityOf(stat) });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Streams the committed parts, in order, into one scratch file, then stores it. A part that is not
   * the one the commit checked (another inode or time: replaced on disk since) refuses the join.
   */
  async assembleParts(upload: PartUpload, parts: StoredPart[]): Promise<string> {
    const dir = this.partsDir(upload.id);
    for (const part of parts) {
      const stat = await fsp.stat(path.join(dir, `part-${part.partNumber}`), { bigint: true }).catch(() => null);
      // Commits recorded before parts had an identity carry none: their size is checked alone.
      if (!stat || Number(stat.size) !== part.size || (part.etag !== null && identityOf(stat) !== part.etag)) {
        throw new PartsRefused(`Part ${part.partNumber} of the upload is not the one the commit checked (it changed or went missing since); the batch was not imported. Upload the batch again.`);
      }
    }
    const temp = this.tempPath(upload.name);
    try {
      // pipeline listens to every stream's errors: a failing read or write rejects here, never ends the process.
      await pipeline(async function* () {
        for (const part of parts) yield* fs.createReadStream(path.join(dir, `part-${part.partNumber}`), { highWaterMark: 1 << 20 });
      }, fs.createWriteStream(temp, { flags: 'wx' }));
      return await this.putFile(temp, upload.name);
    } catch (error) {
      await this.removeTemp(temp);
      throw error;
    }
  }

  async removeParts(upload: PartUpload): Promise<void> {
    await fsp.rm(this.partsDir(upload.id), { recursive: true, force: true });
  }
}

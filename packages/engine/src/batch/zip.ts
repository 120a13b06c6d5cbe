/**
 * A zip batch, read in place with random access (yauzl): the central directory is checked entry by
 * entry (names, sizes, ratios) before anything is inflated, and each entry is inflated as a stream
 * only when opened. Nothing is extracted to disk. Entries are read through a guard that checks the
 * inflated byte count (yauzl's validateEntrySizes) and the CRC-32, and names the entry on failure.
 */
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { batchOf } from './assemble.js';
import { isIgnoredPath } from './classify.js';
import { BatchError, type Batch, type BatchEntry } from './types.js';
import { assertRatio, assertSafeName, ZipTotals, type ZipLimits } from './zip-safety.js';

export type ZipSource = { file: string } | { buffer: Buffer };

const YAUZL_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  autoClose: false,
  // Names are decoded here so that an unsafe one becomes our BatchError naming it, and so that
  // backslashes are kept for the check instead of being silently turned into '/'.
  decodeStrings: false,
  validateEntrySizes: true,
};

function openZipFile(source: ZipSource): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, zip?: yauzl.ZipFile) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip));
    if ('file' in source) yauzl.open(source.file, YAUZL_OPTIONS, done);
    else yauzl.fromBuffer(source.buffer, YAUZL_OPTIONS, done);
  });
}

/** Reads the central directory, calling `onEntry` for each entry (it may throw to stop). */
function readDirectory(zip: yauzl.ZipFile, onEntry: (entry: yauzl.Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        onEntry(entry);
      } catch (err) {
        reject(err);
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Checks what was inflated against the central directory: byte count is yauzl's, CRC-32 is ours. */
class EntryGuard extends Transform {
  private crc = 0;

  constructor(
    private readonly expectedCrc: number,
    private readonly fail: (why: string) => BatchError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.crc = zlib.crc32(chunk, this.crc);
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    if (this.crc >>> 0 !== this.expectedCrc >>> 0) cb(this.fail('does not match its CRC-32 (the zip is corrupt)'));
    else cb();
  }
}

function readError(zipName: string, name: string, err: Error): BatchError {
  const message = err.message;
  if (message.startsWith('too many bytes')) {
    return new BatchError(`zip ${zipName}: entry "${name}" inflates beyond its declared size; refusing a possible zip bomb (${message})`, 'zip_ratio', name);
  }
  if (err instanceof BatchError) return err;
  return new BatchError(`zip ${zipName}: entry "${name}" cannot be read: ${message}`, 'zip_invalid', name);
}

function entryOpener(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, zipName: string): () => Promise<Readable> {
  return () =>
    new Promise((resolve, reject) => {
      if (!zip.isOpen) {
        reject(new BatchError(`zip ${zipName}: entry "${name}" opened after the batch was closed`, 'unreadable', name));
        return;
      }
      if (entry.isEncrypted()) {
        reject(new BatchError(`zip ${zipName}: entry "${name}" is encrypted and cannot be read`, 'zip_invalid', name));
        return;
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        reject(new BatchError(`zip ${zipName}: entry "${name}" uses compression method ${entry.compressionMethod}; only Stored and Deflate can be read`, 'zip_invalid', name));
        return;
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) {
          reject(readError(zipName, name, err ?? new Error('no stream')));
          return;
        }
        const guard = new EntryGuard(entry.crc32, (why) => new BatchError(`zip ${zipName}: entry "${name}" ${why}`, 'zip_invalid', name));
        // Our error (naming the entry) reaches the guard first; pipeline then tears both down, also
        // when a consumer stops early (sniffing reads a few KB) and destroys the guard.
        stream.on('error', (e: Error) => guard.destroy(readError(zipName, name, e)));
        pipeline(stream, guard, () => {});
        resolve(guard);
      });
    });
}

/** yauzl's own refusal of a name (should decodeStrings ever be on) as our error naming the entry. */
function directoryError(zipName: string, err: unknown): BatchError {
  if (err instanceof BatchError) return err;
  const message = (err as Error).message ?? String(err);
  const unsafe = /^(invalid characters in fileName|absolute path|invalid relative path): (.*)$/s.exec(message);
  if (unsafe) return new BatchError(`zip ${zipName}: entry "${unsafe[2]}" escapes the batch root (${unsafe[1]}); refusing to read this zip`, 'zip_unsafe_path', unsafe[2]);
  return new BatchError(`${zipName} is not a readable zip: ${message}`, 'zip_invalid', zipName);
}

export async function openZip(source: ZipSource, zipName: string, limits: ZipLimits, cleanup: () => Promise<void> = async () => {}): Promise<Batch> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZipFile(source);
  } catch (err) {
    await cleanup();
    throw directoryError(zipName, err);
  }
  const close = async () => {
    zip.close();
    await cleanup();
  };

  const entries: BatchEntry[] = [];
  const seen = new Set<string>();
  const totals = new ZipTotals(limits, zipName);
  try {
    await readDirectory(zip, (entry) => {
      const raw = entry.fileNameRaw ?? (entry.fileName as unknown as Buffer);
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
      assertSafeName(name, zipName);
      assertRatio(name, entry.compressedSize, entry.uncompressedSize, limits, zipName);
      totals.add(name, entry.uncompressedSize);
      const slashed = name.replace(/\\/g, '/');
      const path = slashed.split('/').filter((s) => s !== '' && s !== '.').join('/');
      if (slashed.endsWith('/') || path === '' || isIgnoredPath(path)) return;
      // Made on Unix, the high 16 bits of the external attributes are the file mode: S_IFLNK is a
      // symlink entry, whose data is its link text. A batch is a closed set of files: refused.
      if (entry.versionMadeBy >> 8 === 3 && ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) {
        throw new BatchError(`zip ${zipName}: entry "${path}" is a symbolic link, not a file; a batch is a closed set of files, so this zip is refused`, 'unsafe_link', path);
      }
      // Two entries with one name extract differently in different tools: ambiguous, refuse.
      if (seen.has(path)) throw new BatchError(`zip ${zipName}: entry "${path}" appears twice`, 'zip_invalid', path);
      seen.add(path);
      entries.push({ path, size: entry.uncompressedSize, open: entryOpener(zip, entry, path, zipName) });
    });
  } catch (err) {
    await close();
    throw directoryError(zipName, err);
  }
  return batchOf({ kind: 'zip', source: zipName, entries, messageOnly: false, close });
}

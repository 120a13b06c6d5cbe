/**
 * Opens a delivery as a Batch: a folder, a `.zip` or a lone `.xml` given by path, or the bytes of a
 * zip or an XML message (Buffer or stream, as the server receives them). Errors that make the
 * delivery unreadable as a whole are BatchErrors with a code and the file at fault.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { openFolder } from './folder.js';
import { openXmlBuffer, openXmlFile } from './single-xml.js';
import { spoolToTemp } from './spool.js';
import { BatchError, type Batch } from './types.js';
import { zipLimits, type ZipLimits } from './zip-safety.js';

export interface OpenBatchOptions {
  /** Display name (the batch's `source`) for a Buffer or stream; decides zip vs XML when the bytes do not. */
  name?: string;
  limits?: { maxUncompressedBytes?: number; maxCompressionRatio?: number };
}

/** `PK\x03\x04` (a local file header) or `PK\x05\x06` (the end record of an empty zip). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06));
}

// The zip reader (yauzl, and zlib under it) loads with the first zip: a run on a lone message, as
// most CLI runs are, never loads it (a few ms of a 100 ms run).
const openZip: typeof import('./zip.js').openZip = async (...args) => (await import('./zip.js')).openZip(...args);

const isZipName = (name: string | undefined) => !!name && /\.zip$/i.test(name);
const displayBase = (name: string) => path.basename(name.replace(/\\/g, '/')) || name;

async function readFirstBytes(file: string, n: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function openPath(input: string, source: string, limits: ZipLimits): Promise<Batch> {
  let stat;
  try {
    stat = await fs.stat(input);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new BatchError(`${input} does not exist`, 'not_found', input);
    throw new BatchError(`cannot read ${input}: ${(err as Error).message}`, code === 'EACCES' || code === 'EPERM' ? 'permission' : 'unreadable', input);
  }
  if (stat.isDirectory()) return openFolder(input, source);
  if (!stat.isFile()) throw new BatchError(`${input} is neither a folder, a .zip nor an .xml file`, 'not_a_batch', input);
  if (stat.size === 0) throw new BatchError(`${input} is empty (0 bytes)`, 'empty', input);
  let head: Buffer;
  try {
    head = await readFirstBytes(input, 4);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BatchError(`cannot read ${input}: ${(err as Error).message}`, code === 'EACCES' || code === 'EPERM' ? 'permission' : 'unreadable', input);
  }
  // The extension says what the user means: a `.zip` that does not start like one is a broken zip,
  // an `.xml` that does is a message that is not XML. Only other names are decided by the bytes.
  if (isZipName(input) || isZipName(source)) return openZip({ file: input }, source, limits);
  if (!/\.xml$/i.test(input) && looksLikeZip(head)) return openZip({ file: input }, source, limits);
  return openXmlFile(input, displayBase(source), stat.size, source);
}

async function openBytes(bytes: Buffer, name: string | undefined, limits: ZipLimits): Promise<Batch> {
  if (looksLikeZip(bytes) || isZipName(name)) {
    const source = name ?? 'upload.zip';
    if (bytes.length === 0) throw new BatchError(`${source} is empty (0 bytes)`, 'empty', source);
    return openZip({ buffer: bytes }, source, limits);
  }
  const source = name ?? 'message.xml';
  if (bytes.length === 0) throw new BatchError(`${source} is empty (0 bytes)`, 'empty', source);
  return openXmlBuffer(bytes, displayBase(source), source);
}

async function openStream(input: Readable, name: string | undefined, limits: ZipLimits): Promise<Batch> {
  const spooled = await spoolToTemp(input, name ?? 'upload');
  const zip = looksLikeZip(spooled.head) || isZipName(name);
  const source = name ?? (zip ? 'upload.zip' : 'message.xml');
  if (spooled.size === 0) {
    await spooled.remove();
    throw new BatchError(`${source} is empty (0 bytes)`, 'empty', source);
  }
  if (zip) return openZip({ file: spooled.file }, source, limits, spooled.remove);
  return openXmlFile(spooled.file, displayBase(source), spooled.size, source, spooled.remove);
}

export async function openBatch(input: string | Buffer | Readable, opts: OpenBatchOptions = {}): Promise<Batch> {
  const limits = zipLimits(opts.limits);
  if (typeof input === 'string') return openPath(input, opts.name ?? input, limits);
  if (Buffer.isBuffer(input)) return openBytes(input, opts.name, limits);
  return openStream(input, opts.name, limits);
}

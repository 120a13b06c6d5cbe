/**
 * Receives a batch body: raw (zip or XML, any length up to the limit, streamed) or multipart with a
 * `file` field (and `member_id`). Small dry-run bodies stay in memory (within a budget shared by the
 * process); everything else is streamed to a scratch file, never buffered whole. A body that stops
 * arriving (nothing for `idleMs`) or crawls (less than `minBytesPerSecond` over a `windowMs` window)
 * is cut with 408 request_timeout and its scratch file removed: a client cannot hold the server's
 * resources by sending slowly.
 */
import fsp from 'node:fs/promises';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ApiError, invalid } from './api-error.js';
import { checkBatchName } from './batch-name.js';
import type { BlobStore } from '../blob/blob-store.js';

export type BatchContent = { kind: 'buffer'; buffer: Buffer } | { kind: 'file'; path: string };

export interface ReceivedBatch {
  name: string;
  size: number;
  content: BatchContent;
  /** `member_id` sent as a multipart field (the query parameter is read by the route). */
  memberIdField?: string;
}

export interface ReceiveOptions {
  blobs: BlobStore;
  nameParam?: string;
  /** Limit for a raw body and for a multipart file, in bytes. */
  rawLimit: number;
  multipartLimit: number;
  /** Keep bodies up to this many bytes in memory (0: always a file). */
  memoryBytes: number;
  tooLargeMessage: string;
  guard: BodyGuard;
}

export interface BodyGuard {
  /** Longest time without a byte. */
  idleMs: number;
  /** Slowest accepted rate, measured over each window of `windowMs`. */
  minBytesPerSecond: number;
  windowMs: number;
}

/** Bytes of bodies held in memory by this process: past the budget, bodies go to scratch files. */
let memoryInUse = 0;
const MEMORY_BUDGET = 64 * 1024 * 1024;

function timedOut(message: string): ApiError {
  return new ApiError(408, 'request_timeout', message, {}, { connection: 'close' });
}

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

function tooLarge(opts: ReceiveOptions, limit: number): ApiError {
  return new ApiError(413, 'too_large', `${opts.tooLargeMessage} (limit ${limit} bytes).`, { limit_bytes: limit });
}

function defaultName(firstBytes: Buffer, contentType: string): string {
  if (firstBytes.subarray(0, 4).equals(ZIP_MAGIC) || /zip/i.test(contentType)) return 'batch.zip';
  return 'message.xml';
}

/** The file name at the end of a path a client sent (`C:\\dir\\a.zip` is `a.zip`), within the name limits. */
function checkName(name: string, field: string): string {
  return checkBatchName(name.split(/[/\\]/).pop() ?? '', field);
}

/** The disk under the scratch file failed (ENOSPC, EIO...): the server's problem, not the client's. */
class ScratchWriteFailed extends Error {}

/** Writes all of `chunks` at the handle's position, in one call when it takes them whole (a write may take only part). */
async function writeAll(file: fsp.FileHandle, chunks: Buffer[]): Promise<void> {
  if (chunks.length === 0) return;
  let total = 0;
  for (const chunk of chunks) total += chunk.length;
  const { bytesWritten } = await file.writev(chunks);
  if (bytesWritten === total) return;
  const rest = Buffer.concat(chunks, total).subarray(bytesWritten);
  for (let offset = 0; offset < rest.length; ) offset += (await file.write(rest, offset)).bytesWritten;
}

/**
 * What the scratch file's writer holds before it asks the body to wait: the body's chunks (about
 * 64 KiB each) that arrive while a write is on the disk are written together by the next one. With
 * the stream's default of 16 KiB, each chunk waited for the write of the one before, one write each:
 * a 99 MB dry run's body took 175-290 ms to arrive.
 */
const SPILL_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Collects a stream to memory up to `memoryBytes`, then to a scratch file; fails past `limit`.
 * The file is written through a FileHandle whose every write is awaited: a failing disk rejects
 * the write and ends the body at once (500, logged), never a stream error left unheard while the
 * request waits for a `drain` that never comes.
 */
async function collect(
  source: Readable,
  limit: number,
  opts: ReceiveOptions,
  log: FastifyBaseLogger,
  nameFor: (first: Buffer) => string,
): Promise<{ size: number; content: BatchContent; name: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let stored = 0;
  let held = 0;
  let first: Buffer | null = null;
  let file: fsp.FileHandle | null = null;
  let filePath = '';
  let lastByteAt = Date.now();
  let windowStart = lastByteAt;
  let windowBytes = 0;
  const release = () => {
    memoryInUse -= held;
    held = 0;
  };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      windowBytes += chunk.length;
      lastByteAt = Date.now();
      if (size > limit) return done(tooLarge(opts, limit));
      first ??= chunk.subarray(0, 8);
      done(null, chunk);
    },
  });
  const { idleMs, minBytesPerSecond, windowMs } = opts.guard;
  const watch = setInterval(() => {
    const now = Date.now();
    if (now - lastByteAt > idleMs) {
      counter.destroy(timedOut(`No byte of the body arrived for ${Math.round(idleMs / 1000)} s; the upload was dropped. Send it again.`));
    } else if (now - windowStart >= windowMs) {
      if (windowBytes < (minBytesPerSecond * windowMs) / 1000) {
        counter.destroy(timedOut(`The body arrived at ${Math.round(windowBytes / (windowMs / 1000))} bytes/s, below the ${minBytesPerSecond} bytes/s any real client sends; the upload was dropped.`));
      }
      windowStart = now;
      windowBytes = 0;
    }
  }, Math.max(50, Math.min(1000, Math.floor(Math.min(idleMs, windowMs) / 4))));
  const spill = async (more: Buffer[]) => {
    try {
      if (!file) {
        filePath = opts.blobs.tempPath(nameFor(first ?? Buffer.alloc(0)));
        file = await fsp.open(filePath, 'wx');
        await writeAll(file, chunks.splice(0));
        release();
      }
      await writeAll(file, more);
    } catch (error) {
      throw new ScratchWriteFailed('the scratch file could not be written', { cause: error });
    }
  };
  // Small bodies stay in memory (within the process's budget); from the first chunk past it, all goes to the file.
  const take = (arrived: Buffer[], done: (error?: Error | null) => void) => {
    let kept = 0;
    for (; kept < arrived.length && !file; kept++) {
      const chunk = arrived[kept];
      if (stored + chunk.length > opts.memoryBytes || memoryInUse + chunk.length > MEMORY_BUDGET) break;
      stored += chunk.length;
      chunks.push(chunk);
      held += chunk.length;
      memoryInUse += chunk.length;
    }
    if (kept === arrived.length) return done();
    const rest = kept === 0 ? arrived : arrived.slice(kept);
    for (const chunk of rest) stored += chunk.length;
    spill(rest).then(() => done(), done);
  };
  const sink = new Writable({
    highWaterMark: SPILL_BUFFER_BYTES,
    write: (chunk: Buffer, _enc, done) => take([chunk], done),
    writev: (entries, done) => take(entries.map((entry) => entry.chunk as Buffer), done),
  });
  try {
    await pipeline(source, counter, sink);
    if (file) await (file as fsp.FileHandle).close().catch((error: Error) => Promise.reject(new ScratchWriteFailed('the scratch file could not be closed', { cause: error })));
    file = null;
  } catch (error) {
    release();
    await (file as fsp.FileHandle | null)?.close().catch(() => undefined);
    if (filePath) await opts.blobs.removeTemp(filePath);
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts, limit);
    if (error instanceof ScratchWriteFailed) {
      log.error({ err: error.cause }, error.message);
      throw new ApiError(500, 'server_error', 'The server could not store the body (its disk failed); nothing was kept. Retry with a growing delay.', {}, { connection: 'close' });
    }
    throw new ApiError(400, 'invalid', 'The body could not be read to its end (the connection broke or the data was malformed).', { field: 'body' });
  } finally {
    clearInterval(watch);
  }
  const content: BatchContent = filePath ? { kind: 'file', path: filePath } : { kind: 'buffer', buffer: Buffer.concat(chunks, size) };
  // The concatenated copy is the caller's now; the budget counts bodies still arriving.
  release();
  return { size, content, name: nameFor(first ?? Buffer.alloc(0)) };
}

export async function receiveBatch(request: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedBatch> {
  const contentType = String(request.headers['content-type'] ?? '');
  if (request.isMultipart()) return receiveMultipart(request, opts);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.rawLimit) throw tooLarge(opts, opts.rawLimit);
  const name = opts.nameParam ? checkName(opts.nameParam, 'name') : undefined;
  const got = await collect(request.body as Readable, opts.rawLimit, opts, request.log, (first) => name ?? defaultName(first, contentType));
  if (got.size === 0) throw invalid('body', 'The body is empty: send a zip or an XML message.');
  return { name: got.name, size: got.size, content: got.content };
}

async function receiveMultipart(request: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedBatch> {
  let memberIdField: string | undefined;
  let nameField: string | undefined;
  let received: ReceivedBatch | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.multipartLimit, files: 1, fields: 20, fieldSize: 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'member_id') memberIdField = String(part.value);
        if (part.fieldname === 'name') nameField = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalid('file', `Unexpected file field "${part.fieldname}": send the batch in the field "file".`);
      }
      const given = opts.nameParam ?? nameField ?? part.filename;
      const name = given ? checkName(given, opts.nameParam ? 'name' : 'file') : undefined;
      const got = await collect(part.file, opts.multipartLimit, opts, request.log, (first) => name ?? defaultName(first, part.mimetype));
      received = { name: got.name, size: got.size, content: got.content };
      if (part.file.truncated) throw tooLarge(opts, opts.multipartLimit);
      if (got.size === 0) throw invalid('file', 'The file is empty: send a zip or an XML message.');
    }
  } catch (error) {
    if (received?.content.kind === 'file') await opts.blobs.removeTemp(received.content.path);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts, opts.multipartLimit);
    if (code === 'FST_FILES_LIMIT') throw invalid('file', 'Send one file per request.');
    throw invalid('body', 'The multipart body could not be read (a part is malformed or the connection broke).');
  }
  if (!received) throw invalid('file', 'The multipart body has no "file" field.');
  return { ...received, memberIdField };
}

/**
 * The parse thread's code (see parse-thread.ts): chunks of one message in, one batch of encoded
 * saxes events out per chunk, the last one for `null` (end of the message).
 *
 * A batch's strings are copied, as they come, into one buffer of characters (one byte each when
 * every character allows it) with their end offsets, and the buffers are handed over, not cloned:
 * saxes' slices die at once instead of living until the batch is sent, which halved this thread's
 * garbage collection, and the main thread decodes one string per batch. With a schema to validate,
 * the strings live a little longer: until the thread has validated the batch, just after sending it.
 *
 * Given a schema task (a message kept as bytes or objects alike), the thread also validates the
 * message against its compiled XSD set on its own side, each batch after sending it (schema-feed.ts:
 * the elements, paths and positions the pass would give), and sends the result after the last
 * batch: the schema validator's work leaves the pass's thread, which has the model and the rules.
 *
 * Of a message that is a file on disk, the thread reads the bytes itself when asked (`ReadRequest`):
 * the pass's thread then sends a few numbers per chunk instead of reading, copying and handing over
 * the bytes.
 *
 * After a message's end the thread starts afresh and may be given the next message.
 */
import { readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { EventEncoder, type EventBatch } from './event-encoder.js';
import { SchemaFeed } from './schema-feed.js';
import type { ListenerFailure, RootInfo } from './pass-types.js';
import type { SchemaResult } from './schema-result.js';
import { openSession, type SchemaThreadTask } from '../xsd/open-session.js';
import { CARRY_ROOM } from './carry-room.js';

export interface PackedBatch extends Omit<EventBatch, 'strings'> {
  /** The characters of every string, one byte each (`wide` false) or two (UTF-16 LE). */
  chars: Uint8Array;
  wide: boolean;
  ends: Int32Array;
}

/** Main to thread: validate the message against `task` (sent once, before the first chunk). */
export interface SchemaRequest {
  schema: SchemaThreadTask;
  root: RootInfo;
}

/**
 * Main to thread: read `length` bytes of the message's file from byte `at` as the next chunk. The
 * pass's thread opens and closes the file (descriptors are the process's): a thread ended
 * mid-message leaves nothing open.
 */
export interface ReadRequest {
  fd: number;
  at: number;
  length: number;
}

/** Thread to main: the file could not be read (the message's bytes stop there). */
export interface ReadFailure {
  readError: string;
}

/** Thread to main, after the last batch: the schema's result and the failures of its listener. */
export interface SchemaAnswer {
  schemaResult: SchemaResult;
  failures: ListenerFailure[];
}

class PackingEncoder extends EventEncoder {
  private chars = new Uint16Array(1 << 17);
  private used = 0;
  private maxCode = 0;
  private ends = new Int32Array(1 << 13);
  private count = 0;

  /** Keep each string itself too, in the batch's `strings`, for the schema feed (not sent: the pass's thread cuts its own out of `chars`). */
  withStrings = false;

  protected override keep(text: string): number {
    if (this.withStrings) super.keep(text);
    const n = text.length;
    if (this.used + n > this.chars.length) {
      const grown = new Uint16Array(Math.max(this.chars.length * 2, this.used + n));
      grown.set(this.chars.subarray(0, this.used));
      this.chars = grown;
    }
    const chars = this.chars;
    let max = this.maxCode;
    for (let i = 0, at = this.used; i < n; i++, at++) {
      const c = text.charCodeAt(i);
      chars[at] = c;
      if (c > max) max = c;
    }
    this.maxCode = max;
    this.used += n;
    if (this.count === this.ends.length) {
      const grown = new Int32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count] = this.used;
    return this.count++;
  }

  /** The batch with its strings packed; the buffers go with it. */
  pack(batch: EventBatch): PackedBatch {
    const { strings: _unused, ...rest } = batch;
    const wide = this.maxCode > 0xff;
    const chars = wide ? new Uint8Array(this.chars.buffer, 0, this.used * 2) : new Uint8Array(this.chars.subarray(0, this.used));
    const packed: PackedBatch = { ...rest, chars, wide, ends: this.ends.subarray(0, this.count) };
    if (wide) this.chars = new Uint16Array(this.chars.length);
    this.ends = new Int32Array(this.ends.length);
    this.used = 0;
    this.count = 0;
    this.maxCode = 0;
    return packed;
  }
}

const port = parentPort!;
// A message's state; made afresh after each message's end, as the thread is kept for the next one (parse-thread.ts).
let encoder = new PackingEncoder();
/** The schema's session and the encoder's events feeding it, once asked. */
let schema: { feed: SchemaFeed; finish: () => SchemaResult } | null = null;
let answer: SchemaResult | null = null;
/**
 * The buffers chunks are read into, in turn: a chunk's bytes are read by its own write and, when a
 * token runs past its end, copied to the start of the next one's buffer (`EventEncoder.carry`); the
 * one after that may reuse them. Three, one more than needed. A new buffer per chunk (256 KiB outside
 * the heap, freed only when this thread's small heap is next collected) took the whole run 40 MB
 * more peak RSS at 104 MB, and so did the scanner's own join of the carried bytes and each chunk,
 * which also copied every byte of the message once more.
 */
const READ_BUFFERS = 3;
const readBuffers: Uint8Array[] = [];
let nextBuffer = 0;

/**
 * The chunk of a ReadRequest, after the bytes the encoder carries over from the last one (`carried`
 * of them): exactly `length` bytes read, or an error naming where the file ended.
 */
function readChunk({ fd, at, length }: ReadRequest): { chunk: Uint8Array; carried: number } {
  const carry = encoder.carry();
  const carried = carry?.length ?? 0;
  // Grown with the chunks (the first ones are small), then reused.
  if (!(readBuffers[nextBuffer]?.length >= carried + length)) readBuffers[nextBuffer] = new Uint8Array(carried + length + CARRY_ROOM);
  const chunk = readBuffers[nextBuffer].subarray(0, carried + length);
  nextBuffer = (nextBuffer + 1) % READ_BUFFERS;
  // The carried bytes are in the last chunk's buffer, never this one (three in turn).
  if (carry) chunk.set(carry);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, chunk, carried + got, length - got, at + got);
    if (n === 0) throw new Error(`the file ended at byte ${at + got}, before the ${at + length} bytes it had when the check began: it changed while it was read`);
    got += n;
  }
  return { chunk, carried };
}

/**
 * A chunk handed over as bytes, after CARRY_ROOM free ones: the bytes the encoder carries over
 * from the last chunk are copied into the room's end when they fit (else the scanner joins them).
 */
function handedChunk(buffer: ArrayBuffer): { chunk: Uint8Array; carried: number } {
  const carry = encoder.carry();
  if (!carry || carry.length > CARRY_ROOM) return { chunk: new Uint8Array(buffer, CARRY_ROOM), carried: 0 };
  const chunk = new Uint8Array(buffer, CARRY_ROOM - carry.length);
  chunk.set(carry);
  return { chunk, carried: carry.length };
}

/**
 * The last batch's numbers, for the schema feed (the batch's own go to the pass's thread): one
 * array, grown as needed, instead of a copy per batch, whose memory outside the heap waited for a
 * collection of this thread's small heap.
 */
let keptOps = new Int32Array(1 << 16);

function keepOps(batch: EventBatch): void {
  if (keptOps.length < batch.length) keptOps = new Int32Array(Math.max(batch.length, keptOps.length * 2));
  keptOps.set(batch.ops.subarray(0, batch.length));
}

function startSchema({ schema: task, root }: SchemaRequest): void {
  const session = openSession(task);
  if (typeof session === 'string') {
    answer = { outcome: 'skipped', issues: [], note: session };
    return;
  }
  // The validator keeps nothing of an element past its events and reads text from onText: elements reused by depth, no text kept.
  schema = { feed: new SchemaFeed(session.listener, root), finish: () => session.finish() };
  encoder.withStrings = true;
}

function finishSchema(): SchemaAnswer | null {
  if (!schema && !answer) return null;
  if (schema) {
    schema.feed.end();
    try {
      answer = schema.finish();
    } catch (error) {
      answer = { outcome: 'skipped', issues: [], note: `the compiled validator failed: ${(error as Error).message}` };
    }
  }
  return { schemaResult: answer!, failures: schema?.feed.failures ?? [] };
}

port.on('message', (chunk: ArrayBuffer | null | SchemaRequest | ReadRequest) => {
  let packed: PackedBatch;
  let last: SchemaAnswer | null = null;
  let bytes: Uint8Array | null = null;
  let carried = 0;
  try {
    if (chunk !== null && 'schema' in chunk) {
      startSchema(chunk);
      return;
    }
    if (chunk !== null && 'fd' in chunk) ({ chunk: bytes, carried } = readChunk(chunk));
    else if (chunk !== null) ({ chunk: bytes, carried } = handedChunk(chunk));
  } catch (error) {
    // The file is gone, unreadable, or shorter than when the check began: the message's failure, not the thread's.
    // Node's own messages name the error's code (`EIO: i/o error, read`).
    port.postMessage({ readError: (error as Error).message } satisfies ReadFailure);
    return;
  }
  let batch: EventBatch;
  try {
    batch = bytes ? encoder.write(bytes, carried) : encoder.end();
    if (schema) keepOps(batch);
    packed = encoder.pack(batch);
  } catch (error) {
    port.postMessage({ error: (error as Error)?.stack ?? String(error) });
    return;
  }
  // The batch first, then its validation (schema-feed.ts): the pass's thread works on it meanwhile.
  port.postMessage(packed, [packed.ops.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer, packed.chars.buffer as ArrayBuffer]);
  try {
    if (schema) schema.feed.batch(keptOps, batch.length, batch.strings, encoder.nameTable);
    if (chunk === null) last = finishSchema();
  } catch (error) {
    port.postMessage({ error: (error as Error)?.stack ?? String(error) });
    return;
  }
  if (last) port.postMessage(last);
  if (chunk === null) {
    // Ready for the next message (the compiled XSD sets stay loaded, and the code compiled).
    encoder = new PackingEncoder();
    schema = null;
    answer = null;
  }
});

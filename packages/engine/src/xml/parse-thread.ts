/**
 * saxes on a second thread. On a big message the pass spends about a third of its time in saxes
 * itself; with saxes on its own core the pass's thread keeps only the listeners (reader, rules,
 * schema validator), and the two run side by side. The thread gets the message's bytes in chunks
 * of at least 256 KiB (copied into buffers handed over, not cloned) and answers each with a batch
 * of encoded events (event-encoder.ts); at most a few chunks are in flight, so memory stays flat
 * when the listeners are slower than the parser. Measured in `npm run bench` (pass-bench, xsd-bench).
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventBatch } from './event-encoder.js';
import type { PackedBatch, ReadFailure, SchemaAnswer, SchemaRequest } from './parse-worker.js';
import { CARRY_ROOM } from './carry-room.js';

/**
 * Messages from this size on are parsed on a second thread when there is a second core. Starting the
 * thread costs about 0.1 s here (less on a kept one): at 10 MB both ways take the same time, at
 * 40 MB the thread wins.
 */
export const PARSE_THREAD_MIN_BYTES = 16 * 1024 * 1024;
/**
 * The thread's young generation: saxes' garbage dies young, and a small nursery keeps the thread's
 * heap small (measured at 100 MB: 8 MB gives the same speed as the default and 30 MB less peak RSS).
 */
export const YOUNG_GENERATION_MB = 16;
/** Bytes per chunk handed to the thread: fewer, larger messages between threads. */
const CHUNK_BYTES = 256 * 1024;
/**
 * The first chunk is smaller, and each next one twice the last up to CHUNK_BYTES: both threads run
 * cold (interpreted) code at first, about 90 ms for 256 KiB instead of 6 once compiled, and small
 * first chunks let the pass's thread start on the first events while the parse thread warms up.
 */
const FIRST_CHUNK_BYTES = 16 * 1024;

/**
 * The worker's compiled file: `parse-worker.js` beside this module in dist and in the CLI's bundle;
 * from the sources (tests) the thread runs dist's.
 */
function workerFile(): string | null {
  const here = fileURLToPath(import.meta.url);
  const file = /[\\/]src[\\/]xml[\\/]parse-thread\.ts$/.test(here)
    ? here.replace(/[\\/]src[\\/]xml[\\/]parse-thread\.ts$/, '/dist/xml/parse-worker.js')
    : fileURLToPath(new URL('./parse-worker.js', import.meta.url));
  return existsSync(file) ? file : null;
}

/** True when the worker's code is there (a bundle that left it out parses on the pass's thread). */
export function parseThreadBuilt(): boolean {
  return workerFile() !== null;
}

/** True when a message of `bytes` is worth a parse thread here (a second core, a big message, the worker built). */
export function wantsParseThread(bytes: number | undefined): boolean {
  return bytes !== undefined && bytes >= PARSE_THREAD_MIN_BYTES && availableParallelism() > 1 && parseThreadBuilt();
}

/**
 * A thread whose message ended cleanly is kept for the next one: a batch of big messages (or a
 * server validating delivery after delivery) then pays the thread's start (its modules loaded,
 * its code compiled, the XSD set read from the disk cache: about 0.2 s) once, not per message.
 * Idle threads keep no process alive and end after IDLE_MS.
 */
const IDLE_MS = 10_000;
const IDLE_MAX = 2;
/**
 * A thread that parsed a message of this many bytes or more is ended, not kept: its heap and
 * buffers (about 40 MB after a 1 GB message, measured) would stay while the pass's thread runs the
 * rules at message end, the run's peak of memory; starting another takes about 0.2 s, against a
 * pass of 15 s or more at this size. Tests lower it.
 */
export const KEPT_THREAD = { belowBytes: 256 * 1024 * 1024 };
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

/**
 * Starts a parse thread now for a pass about to want one, kept idle as a thread a pass left: its
 * start then overlaps the caller's own work before the pass (the CLI's settings, rules and schema;
 * at 104 MB about 2% of the run). Nothing when a thread is idle already, on one core, or when the
 * worker is not built; an unused thread ends after IDLE_MS and keeps no process alive.
 */
export function prestartParseThread(): boolean {
  const file = workerFile();
  if (file !== null) adoptEarlyThread(file);
  if (idle.length > 0 || availableParallelism() <= 1) return false;
  return file !== null && keepIdle(startWorker(file));
}

/**
 * Where the CLI's bin leaves a parse thread it started before the engine loaded (apps/cli/bin/early-thread.js:
 * a worker of `file`, with this module's resource limits).
 */
const EARLY_THREAD = Symbol.for('ddex-check.parse-thread');

/** Takes the thread the bin started, if any, as an idle one: once, and only when it runs this worker file. */
function adoptEarlyThread(file: string): void {
  const holder = globalThis as { [EARLY_THREAD]?: { worker: Worker; file: string } };
  const early = holder[EARLY_THREAD];
  if (early === undefined) return;
  delete holder[EARLY_THREAD];
  if (path.resolve(early.file) !== path.resolve(file) || !keepIdle(early.worker)) void early.worker.terminate();
}

function startWorker(file: string): Worker {
  adoptEarlyThread(file);
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    forget(kept.worker);
    kept.worker.ref();
    return kept.worker;
  }
  ParseThread.threads++;
  // A program run with `node --input-type=module -e` hands that option to its workers, which refuse it (every message failed):
  // then none of the process's options (V8's apply to the whole process anyway, and a worker refuses them if given).
  const options = process.execArgv.some((arg) => arg.startsWith('--input-type')) ? { execArgv: [] } : {};
  return new Worker(file, { ...options, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
}

/** Drops the listeners of the thread's last user (only those: a Worker's own keep its port working). */
function forget(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

function keepIdle(worker: Worker): boolean {
  if (idle.length >= IDLE_MAX) return false;
  forget(worker);
  worker.unref();
  const entry = {
    worker,
    timer: setTimeout(() => {
      idle.splice(idle.indexOf(entry), 1);
      void worker.terminate();
    }, IDLE_MS).unref(),
  };
  // A thread that fails or ends while idle (it should not) is forgotten, never handed out.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const at = idle.indexOf(entry);
    if (at >= 0) idle.splice(at, 1);
    clearTimeout(entry.timer);
  });
  idle.push(entry);
  return true;
}

/** Ends the threads kept for a next message (tests; idle threads keep no process alive anyway). */
export async function endIdleThreads(): Promise<void> {
  for (const { worker, timer } of idle.splice(0)) {
    clearTimeout(timer);
    await worker.terminate();
  }
}

export class ParseThread {
  /** Passes run on a parse thread in this process (tests read it to know which way a pass went). */
  static started = 0;
  /** Worker threads started for them (fewer: a thread is kept for the next message). */
  static threads = 0;
  /** Bytes that threads were asked to read from a file themselves (`read`). */
  static readBytes = 0;
  private readonly worker: Worker;
  /** Requests and chunks handed over: a thread given nothing yet can be kept whatever happened. */
  private posted = 0;
  /**
   * Batches come in, packed, before the pass takes them; their strings are cut as each is taken
   * (`unpacked`): a full queue (IN_FLIGHT batches while the pass's thread is the slower) then holds
   * bytes outside the heap, not the strings of eight batches.
   */
  private readonly ready: PackedBatch[] = [];
  private readonly waiting: { resolve: (batch: EventBatch) => void; reject: (error: Error) => void }[] = [];
  private failure: Error | null = null;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private chunkBytes = FIRST_CHUNK_BYTES;
  /** Bytes of the message handed over or read by the thread. */
  private bytes = 0;
  private ended = false;
  /** Chunks (and the end) handed over whose batches were not taken yet. */
  inFlight = 0;
  /** The schema's result, from the thread after its last batch (when asked with `validate`). */
  schemaAnswer: SchemaAnswer | null = null;
  /** The thread was asked to validate the message (`validate`). */
  private asked = false;
  private answered: ((answer: SchemaAnswer) => void) | null = null;

  /** Throws when the worker's file is missing (check `wantsParseThread` first). */
  constructor() {
    const file = workerFile();
    if (!file) throw new Error('the parse thread is not built (run npm run build)');
    this.worker = startWorker(file);
    ParseThread.started++;
    this.worker.on('message', (answer: PackedBatch | SchemaAnswer | ReadFailure | { error: string }) => {
      if ('error' in answer) return this.broken(new Error(`the parse thread failed: ${answer.error}`));
      if ('readError' in answer) return this.broken(new Error(`could not read the message: ${answer.readError}`));
      if ('schemaResult' in answer) {
        this.schemaAnswer = answer;
        this.answered?.(answer);
        return;
      }
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(unpacked(answer));
      else this.ready.push(answer);
    });
    this.worker.on('error', (error) => this.broken(new Error(`the parse thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.broken(new Error(`the parse thread stopped (exit code ${code})`)));
  }

  /** Has the thread validate the message against a compiled XSD set (before the first chunk). */
  validate(request: SchemaRequest): void {
    this.posted++;
    this.asked = true;
    this.worker.postMessage(request);
  }

  /**
   * The schema's result once the thread has validated the whole message (it validates each batch
   * after sending it, the last one too); null when it was not asked. Call after the last batch.
   * When the thread failed, the schema is skipped, and the note says why. Null too when the message
   * was not handed over to its end (`end`: a pass stopped at a fatal error midway): the thread
   * answers only after the message's last batch.
   */
  schemaResult(): Promise<SchemaAnswer | null> {
    if (!this.asked || !this.ended) return Promise.resolve(null);
    if (this.schemaAnswer || this.failure) return Promise.resolve(this.schemaAnswer ?? this.failedAnswer());
    return new Promise((resolve) => (this.answered = resolve));
  }

  private failedAnswer(): SchemaAnswer {
    return { schemaResult: { outcome: 'skipped', issues: [], note: this.failure!.message }, failures: [] };
  }

  /** Hands `chunk` over (copied: the caller may reuse it). */
  write(chunk: Uint8Array): void {
    while (this.heldBytes + chunk.length >= this.chunkBytes) {
      const take = this.chunkBytes - this.heldBytes;
      this.held.push(chunk.subarray(0, take));
      this.heldBytes += take;
      chunk = chunk.subarray(take);
      this.flush();
      this.chunkBytes = Math.min(this.chunkBytes * 2, CHUNK_BYTES);
    }
    if (chunk.length > 0) {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
    }
  }

  /**
   * Has the thread read the message's next chunk itself, from byte `at` (after the bytes written so
   * far) of the open file `fd`, up to byte `end`; returns the chunk's length. The caller keeps `fd`
   * open until `close`.
   */
  read(fd: number, at: number, end: number): number {
    this.flush();
    const length = Math.min(this.chunkBytes, end - at);
    ParseThread.readBytes += length;
    this.bytes += length;
    this.chunkBytes = Math.min(this.chunkBytes * 2, CHUNK_BYTES);
    this.inFlight++;
    this.posted++;
    this.worker.postMessage({ fd, at, length });
    return length;
  }

  /** No more bytes: the thread answers with the message's last events. */
  end(): void {
    if (this.ended) return;
    this.flush();
    this.ended = true;
    this.post(null);
  }

  /** The next batch, in the order of the chunks. Rejects when the thread failed. */
  next(): Promise<EventBatch> {
    const batch = this.ready.shift();
    if (batch) {
      this.inFlight--;
      return Promise.resolve(unpacked(batch));
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) =>
      this.waiting.push({
        resolve: (answer) => {
          this.inFlight--;
          resolve(answer);
        },
        reject,
      }),
    );
  }

  /**
   * Done with the thread: kept for the next message when this one ended cleanly (every batch taken,
   * no failure) or was never given any bytes, and was not a big one (KEPT_THREAD), else ended (a
   * pass stopped early leaves batches in flight and the thread mid-message).
   */
  async close(): Promise<void> {
    // A thread still validating the message it was given would answer the next one's user.
    const answered = !this.asked || this.schemaAnswer !== null;
    const clean = !this.failure && (this.posted === 0 || (this.ended && this.inFlight === 0 && this.ready.length === 0 && answered));
    if (clean && this.bytes < KEPT_THREAD.belowBytes && keepIdle(this.worker)) return;
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  private flush() {
    if (this.heldBytes === 0) return;
    // Room before the bytes for the thread's carried ones (carry-room.ts).
    const buffer = new ArrayBuffer(CARRY_ROOM + this.heldBytes);
    const bytes = new Uint8Array(buffer);
    let at = CARRY_ROOM;
    for (const chunk of this.held) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    this.held = [];
    this.bytes += this.heldBytes;
    this.heldBytes = 0;
    this.post(buffer);
  }

  private post(buffer: ArrayBuffer | null) {
    this.inFlight++;
    this.posted++;
    if (buffer) this.worker.postMessage(buffer, [buffer]);
    else this.worker.postMessage(null);
  }

  private broken(error: Error) {
    this.failure ??= error;
    this.answered?.(this.failedAnswer());
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
  }
}

type SlicingBuffer = Buffer & { latin1Slice(start: number, end: number): string; ucs2Slice(start: number, end: number): string };

/**
 * The batch's strings, each cut out of the transferred characters on its own (`owned`): a slice of
 * one decoded string would keep the whole batch alive in any string the model keeps, and copying
 * such slices later costs an encode and a decode each. V8 copies strings under 13 characters
 * anyway, so those are sliced.
 */
function unpacked(packed: PackedBatch): EventBatch {
  const { chars, wide, ends } = packed;
  const bytes = Buffer.from(chars.buffer, chars.byteOffset, chars.byteLength) as SlicingBuffer;
  const unit = wide ? 2 : 1;
  const text = wide ? bytes.ucs2Slice(0, bytes.length) : bytes.latin1Slice(0, bytes.length);
  const strings = new Array<string>(ends.length);
  let start = 0;
  // Buffer's own slicing methods, as the byte scanner's: `toString(encoding, start, end)` looks the encoding up at each call (about 10 ns of 50).
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i];
    strings[i] = end - start < 13 ? text.slice(start, end) : wide ? bytes.ucs2Slice(start * unit, end * unit) : bytes.latin1Slice(start, end);
    start = end;
  }
  // One literal, not a spread of the cloned batch: every spread object reassigned `owned` and gave the
  // batches a new hidden class each (420 at 104 MB), and the pass's code that reads them another look-up.
  return { ops: packed.ops, length: packed.length, strings, names: packed.names, elements: packed.elements, owned: true };
}

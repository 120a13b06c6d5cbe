/**
 * The one streaming pass over a message: bytes -> text -> saxes -> events for every listener
 * (schema validator, ERN reader, rule dispatcher). The root element is found first (a short sniff
 * of the head) so that the listeners can be chosen by version before the real pass begins; the
 * bytes read for that sniff are replayed. Nothing builds a DOM: memory is the element stack.
 */
import { promises as fs } from 'node:fs';
import type { XmlListener } from './events.js';
import { EventEncoder, type EventBatch } from './event-encoder.js';
import { PassEvents, detached } from './pass-events.js';
import { ParseThread, parseThreadBuilt, wantsParseThread } from './parse-thread.js';
import type { ListenerFailure, PassFailure, PassResult, RootInfo } from './pass-types.js';
import type { SchemaThreadTask } from '../xsd/open-session.js';

export type { ListenerFailure, PassFailure, PassResult, RootInfo } from './pass-types.js';

export interface PassSetup {
  listeners: XmlListener[];
  /** Receives every byte of the message, from the first one. */
  onBytes?: (chunk: Buffer) => void;
  /** Validation for the parse thread to run on its side (only when `setup` was told there is one); its result is `PassResult.schema`. */
  threadSchema?: SchemaThreadTask;
}

/** How much of the head is read at most to find the root element, and how much of it at a time. */
const SNIFF_LIMIT = 1 << 20;
const SNIFF_SLICE = 4096;

/**
 * Batches in flight to the parse thread at most: enough to keep both threads busy through the
 * other's pauses (a garbage collection of the pass's thread takes longer than a batch). With 3, at
 * 326 MB each thread waited about 2 s for the other; with 8, about 1.5 s. Each batch is a few
 * hundred KB.
 */
const IN_FLIGHT = 8;

export interface PassOptions {
  /**
   * Parse on a second thread (parse-thread.ts): `true` (when the worker's code is there), `false`,
   * or a number, the message's size in bytes, to decide by size and cores (`wantsParseThread`).
   * Default: on this thread.
   */
  parseThread?: boolean | number;
  /**
   * The file on disk whose bytes `source` yields, from its first byte: a parse thread reads the
   * message from it itself past the head (unless `PassSetup.onBytes` wants every byte here), so this
   * thread neither reads nor copies the bytes. The message ends where the file ends when the thread
   * starts on it.
   */
  file?: string;
}

/**
 * Runs the pass. `setup` is called once with the root (null when none could be found), and whether
 * the message is parsed on a second thread, and returns the listeners.
 */
export async function runMessagePass(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  setup: (root: RootInfo | null, how: { thread: boolean }) => Promise<PassSetup> | PassSetup,
  options: PassOptions = {},
): Promise<PassResult> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  const next = async (): Promise<Buffer | null> => {
    const step = await iterator.next();
    if (step.done) return null;
    const chunk = typeof step.value === 'string' ? Buffer.from(step.value) : Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength);
    bytes += chunk.length;
    return chunk;
  };
  // Started first, so that the thread boots while the head is sniffed.
  const wanted = typeof options.parseThread === 'number' ? wantsParseThread(options.parseThread) : options.parseThread === true && parseThreadBuilt();
  let thread: ParseThread | null = wanted ? new ParseThread() : null;
  /** The file the parse thread reads (`PassOptions.file`), closed once the thread is done with it. */
  let direct: fs.FileHandle | null = null;

  try {
    // 1. Sniff the root from the head.
    let root: RootInfo | null = null;
    let readFailure: PassFailure | null = null;
    try {
      const sniffer = new RootSniffer();
      while (!sniffer.done && bytes < SNIFF_LIMIT) {
        const chunk = await next();
        if (!chunk) {
          ended = true;
          break;
        }
        head.push(chunk);
        sniffer.write(chunk);
      }
      root = sniffer.root;
    } catch (error) {
      readFailure = { kind: 'read', message: `could not read the message: ${(error as Error).message}`, line: null, column: null };
    }

    if (!root && thread) {
      // Nothing listens: the pass only looks for the syntax error, not worth a thread.
      await thread.close();
      thread = null;
    }
    const { listeners, onBytes, threadSchema } = await setup(root, { thread: thread !== null && !readFailure });
    const pass = new PassEvents(listeners, root);
    if (readFailure) {
      pass.fail(readFailure);
      return pass.finish(bytes);
    }
    if (thread && threadSchema && root) thread.validate({ schema: threadSchema, root });

    // 2. The real pass, replaying the head.
    const encoder = thread ? null : new EventEncoder(detached);
    const feed = (chunk: Buffer) => {
      onBytes?.(chunk);
      if (pass.stopped) return;
      if (thread) thread.write(chunk);
      else pass.consume(encoder!.write(chunk));
    };
    // With a thread, batches are taken as they come, and the reading waits when a few are in flight.
    const drain = async (keep: number) => {
      while (thread && thread.inFlight > keep && !pass.stopped) {
        let batch: EventBatch;
        try {
          batch = await thread.next();
        } catch (error) {
          // The thread runs code of ours: a failure there is a bug, reported, never a crash of the run.
          pass.fail({ kind: 'read', message: (error as Error).message, line: pass.line, column: pass.column });
          return;
        }
        pass.consume(batch);
      }
    };

    try {
      for (const chunk of head) feed(chunk);
      if (!ended && thread && options.file && !onBytes) direct = await openRegular(options.file);
      if (direct && thread) {
        // The rest of the file is read by the parse thread, chunk by chunk as batches are taken.
        const { size } = await direct.stat();
        while (bytes < size && !pass.stopped) {
          bytes += thread.read(direct.fd, bytes, size);
          await drain(IN_FLIGHT);
        }
      } else if (!ended) {
        for (let chunk = await next(); chunk; chunk = await next()) {
          feed(chunk);
          await drain(IN_FLIGHT);
          // Keep reading bytes (for the byte-count and the schema session) only while useful.
          if (pass.stopped && !onBytes) break;
        }
      }
    } catch (error) {
      pass.fail({ kind: 'read', message: `could not read the message: ${(error as Error).message}`, line: pass.line, column: pass.column });
    }
    if (!pass.stopped) {
      if (thread) {
        thread.end();
        await drain(0);
      } else pass.consume(encoder!.end());
    }
    if (bytes === 0) pass.fail({ kind: 'empty', message: 'the file is empty', line: null, column: null }, true);
    else if (!root) pass.fail({ kind: 'syntax', message: 'no root element found', line: null, column: null });
    // Awaited even when the pass stopped at the message's end (a syntax error there): the thread is then kept for the next message.
    const answer = thread ? await thread.schemaResult() : null;
    if (answer && !pass.stopped) {
      pass.result.schema = answer.schemaResult;
      // Both sides cap their failures at 100 (pass-events.ts): so does the sum.
      for (const failure of answer.failures) if (pass.result.listenerFailures.length < 100) pass.result.listenerFailures.push(failure);
    }
    return pass.finish(bytes);
  } finally {
    await thread?.close();
    await direct?.close();
    // A pass that stopped early leaves the source unread: let it go (a file stream closes its descriptor).
    await iterator.return?.().catch(() => undefined);
  }
}

/** The file opened for the parse thread to read, when it is a regular file (a pipe or a device is read as the stream it is). */
async function openRegular(file: string): Promise<fs.FileHandle | null> {
  return (await fs.stat(file)).isFile() ? fs.open(file, 'r') : null;
}

/** Finds the root element in the head with a throwaway encoder; tolerant of anything before it. */
class RootSniffer {
  root: RootInfo | null = null;
  done = false;
  private readonly encoder = new EventEncoder(detached);
  private readonly events = new PassEvents(
    [
      {
        onOpen: (el) => {
          this.root ??= { name: el.name, ns: el.ns, attrs: el.attrs, line: el.line, column: el.column };
          this.done = true;
        },
      },
    ],
    null,
  );

  write(chunk: Buffer) {
    // A slice at a time, up to the root (most often in the first few hundred bytes): the whole first
    // chunk (64 KiB) took 10 ms of cold code at start-up, before the pass read it again.
    for (let at = 0; at < chunk.length && !this.done; at += SNIFF_SLICE) {
      this.events.consume(this.encoder.write(chunk.subarray(at, at + SNIFF_SLICE)));
      if (this.events.stopped) this.done = true;
    }
  }
}

/**
 * The parse thread's code (see parse-thread.ts): chunks of one message in, one batch of encoded
 * saxes events out per chunk, the last one for `null` (end of the message).
 *
 * A batch's strings are copied, as they come, into one buffer of characters (one byte each when
 * every character allows it) with their end offsets, and the buffers are handed over, not cloned:
 * saxes' slices die at once instead of living until the batch is sent, which halved this thread's
 * garbage collection, and the main thread decodes one string per batch.
 */
import { parentPort } from 'node:worker_threads';
import { EventEncoder, type EventBatch } from './event-encoder.js';

export interface PackedBatch extends Omit<EventBatch, 'strings'> {
  /** The characters of every string, one byte each (`wide` false) or two (UTF-16 LE). */
  chars: Uint8Array;
  wide: boolean;
  ends: Int32Array;
}

class PackingEncoder extends EventEncoder {
  private chars = new Uint16Array(1 << 17);
  private used = 0;
  private maxCode = 0;
  private ends = new Int32Array(1 << 13);
  private count = 0;

  protected override keep(text: string): number {
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
const encoder = new PackingEncoder();

port.on('message', (chunk: ArrayBuffer | null) => {
  let packed: PackedBatch;
  try {
    packed = encoder.pack(chunk ? encoder.write(new Uint8Array(chunk)) : encoder.end());
  } catch (error) {
    port.postMessage({ error: (error as Error)?.stack ?? String(error) });
    return;
  }
  port.postMessage(packed, [packed.ops.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer, packed.chars.buffer as ArrayBuffer]);
});

/**
 * The parse thread's code (see parse-thread.ts): chunks of one message in, one batch of encoded
 * saxes events out per chunk, the last one for `null` (end of the message). A batch's strings go
 * as one string and their end offsets: cloning one string costs far less than cloning thousands.
 */
import { parentPort } from 'node:worker_threads';
import { EventEncoder, type EventBatch } from './event-encoder.js';

export interface PackedBatch extends Omit<EventBatch, 'strings'> {
  text: string;
  ends: Int32Array;
}

const port = parentPort!;
const encoder = new EventEncoder();

port.on('message', (chunk: ArrayBuffer | null) => {
  let packed: PackedBatch;
  try {
    const { strings, ...batch } = chunk ? encoder.write(new Uint8Array(chunk)) : encoder.end();
    const ends = new Int32Array(strings.length);
    let at = 0;
    for (let i = 0; i < strings.length; i++) ends[i] = at += strings[i].length;
    packed = { ...batch, text: strings.join(''), ends };
  } catch (error) {
    port.postMessage({ error: (error as Error)?.stack ?? String(error) });
    return;
  }
  port.postMessage(packed, [packed.ops.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer]);
});

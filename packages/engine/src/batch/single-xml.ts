/**
 * A lone XML message (a path, or the bytes of a request body). It is always the one message,
 * whatever its content, so that the engine reports an unreadable file instead of "no message";
 * `messageOnly` tells the engine that the media files it references are not expected here.
 */
import { Readable } from 'node:stream';
import { once } from './assemble.js';
import { fileEntry } from './folder.js';
import type { Batch, BatchEntry } from './types.js';

const CHUNK = 64 * 1024;

function single(source: string, entry: BatchEntry, close: () => Promise<void>): Batch {
  return { kind: 'xml', source, entries: [entry], messages: [entry], marker: null, manifests: [], messageOnly: true, close: once(close) };
}

/** `absolute` is where the bytes are (maybe a spooled temp file); `name` is what the user calls it. */
export function openXmlFile(absolute: string, name: string, size: number, source: string, close: () => Promise<void> = async () => {}): Batch {
  return single(source, fileEntry(absolute, name, size), close);
}

export function openXmlBuffer(bytes: Buffer, name: string, source: string): Batch {
  const entry: BatchEntry = {
    path: name,
    size: bytes.length,
    // Chunked so that a consumer sees a stream like any file's, not one huge chunk.
    open: async () =>
      Readable.from(
        (function* () {
          for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
        })(),
      ),
  };
  return single(source, entry, async () => {});
}

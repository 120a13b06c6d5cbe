/**
 * The chunk layout of a WAV file as a store's ingestion sees it: the raw fmt format code (not the
 * sub-format behind WAVE_FORMAT_EXTENSIBLE, which `wav-header.ts` resolves), where the data chunk
 * starts and how many bytes follow its declared end.
 */
import type { BatchEntry } from '../batch/types.js';

export interface WavLayout {
  riff: boolean;
  /** Raw format code of the fmt chunk (1 PCM, 0xFFFE EXTENSIBLE...), null without a readable fmt chunk. */
  formatCode: number | null;
  fmtBytes: number | null;
  dataOffset: number | null;
  dataBytes: number | null;
  /** Bytes of the file after the end of the data chunk (and its pad byte); null when unknown. */
  trailingBytes: number | null;
}

/** Reads the chunk list from the head of a file of `fileSize` bytes; the head must reach the data chunk's header. */
export function readWavLayout(head: Buffer, fileSize: number): WavLayout {
  const layout: WavLayout = { riff: false, formatCode: null, fmtBytes: null, dataOffset: null, dataBytes: null, trailingBytes: null };
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return layout;
  layout.riff = true;
  let offset = 12;
  while (offset + 8 <= head.length) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 2 <= head.length) {
      layout.formatCode = head.readUInt16LE(body);
      layout.fmtBytes = size;
    }
    if (id === 'data') {
      layout.dataOffset = body;
      layout.dataBytes = size;
      const end = body + size + (size & 1);
      layout.trailingBytes = Math.max(0, fileSize - end);
      return layout;
    }
    offset = body + size + (size & 1);
  }
  return layout;
}

/** The first `max` bytes of a batch entry (fewer for a shorter file). */
export async function readHead(entry: BatchEntry, max = 65536): Promise<Buffer> {
  const stream = await entry.open();
  const parts: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      parts.push(buf);
      total += buf.length;
      if (total >= max) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, max);
}

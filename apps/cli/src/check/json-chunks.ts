/**
 * `-f json` written piece by piece: the same bytes as the engine's json formatter
 * (`JSON.stringify(reports, null, 2) + '\n'`), cut into chunks of about CHUNK_CHARS, so that the CLI
 * never holds the whole text of a large report (a 1 GB catalog's 414,000 recordings make a text of
 * hundreds of MB, held beside the report itself) and the writer's back-pressure paces it. A list
 * made as it is read (the engine's StreamedList: a catalog's recordings, asked for with
 * `recordings: 'stream'`) is written run by run, never made whole.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { StreamedList } from '@ddex-check/engine';

/** Chunks are handed out once they reach this many characters. */
export const CHUNK_CHARS = 64 * 1024;

const INDENT = '  ';

type Container = Record<string, unknown> | unknown[];

/** The text of `value` as `JSON.stringify(value, null, 2) + '\n'`, in chunks (none when that is undefined). */
export function* jsonChunks(value: unknown, chunkChars = CHUNK_CHARS): Generator<string> {
  const top = prepared(value, '');
  if (top === undefined) return;
  const out: Writer = { text: '', chunkChars };
  yield* writeValue(out, top, '');
  out.text += '\n';
  yield out.text;
}

interface Writer {
  text: string;
  chunkChars: number;
}

/** What JSON.stringify serializes in place of `value` (its `toJSON`), or undefined when it leaves it out. */
function prepared(value: unknown, key: string): unknown {
  // A list made as it is read is written run by run (writeList), not made whole by its toJSON.
  if (value instanceof StreamedList) return value;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

/** Plain arrays and objects are walked; everything else (and boxed primitives) is JSON.stringify's. */
function isContainer(value: unknown): value is Container {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const tag = Object.prototype.toString.call(value);
  return !(tag === '[object Number]' || tag === '[object String]' || tag === '[object Boolean]' || tag === '[object BigInt]');
}

/** True when no member of `value` is itself an array or object: JSON.stringify writes it whole, faster than the walk. */
function isFlat(value: Container): boolean {
  if (Array.isArray(value)) {
    for (const member of value) if (member !== null && typeof member === 'object') return false;
    return true;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const member = value[key];
    if (member !== null && typeof member === 'object') return false;
  }
  return true;
}

/** Members of an array written by one JSON.stringify at most (a slice of a few hundred KB of text). */
const FLAT_RUN = 256;

/** `value` inside `depth` arrays: JSON.stringify then indents it as it would at that depth of the report. */
function nested(value: unknown, depth: number): unknown {
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Per depth, what JSON.stringify(nested(x, depth), null, 2) writes before and after x's own text: [before, after]. */
const wrappers: [number, number][] = [];

function wrapperAt(depth: number): [number, number] {
  let known = wrappers[depth];
  if (known === undefined) {
    const probe = JSON.stringify(nested(0, depth), null, 2);
    const at = probe.indexOf('0');
    wrappers[depth] = known = [at, probe.length - at - 1];
  }
  return known;
}

/**
 * JSON.stringify(value, null, 2) as it reads at `indent` (its lines after the first indented by it):
 * stringified inside as many arrays and cut out. Indenting the text afterwards (a replace of every
 * line break) took as long again as JSON.stringify: a 1 GB catalog's 414,000 recordings, 230
 * against 140 ms.
 */
function stringifiedAt(value: unknown, indent: string): string {
  const depth = indent.length / INDENT.length;
  if (depth === 0) return JSON.stringify(value, null, 2);
  // A value with its own toJSON (one that another toJSON returned) would be handed an array index as its key.
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    // JSON.stringify's own lines are indented from column 0; the text of a string never holds a raw
    // line break (JSON escapes it), so every '\n' is one of its line breaks.
    return JSON.stringify(value, null, 2).replace(/\n/g, '\n' + indent);
  }
  const [before, after] = wrapperAt(depth);
  const text = JSON.stringify(nested(value, depth), null, 2);
  return text.slice(before, text.length - after);
}

/** A member JSON.stringify writes within its array as the walk would: a primitive, or a flat container without `toJSON`. */
function isFlatMember(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return isContainer(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function' && isFlat(value);
}

function* writeValue(out: Writer, value: unknown, indent: string): Generator<string> {
  if (value instanceof StreamedList) yield* writeList(out, value.runs(), indent);
  else if (!isContainer(value) || isFlat(value)) {
    out.text += stringifiedAt(value, indent);
  } else if (Array.isArray(value)) {
    yield* writeList(out, [value], indent);
  } else {
    const inner = indent + INDENT;
    let written = 0;
    for (const key of Object.keys(value)) {
      const member = prepared(value[key], key);
      if (member === undefined) continue;
      out.text += (written++ === 0 ? '{\n' : ',\n') + inner + JSON.stringify(key) + ': ';
      yield* writeValue(out, member, inner);
      if (out.text.length >= out.chunkChars) {
        yield out.text;
        out.text = '';
      }
    }
    out.text += written === 0 ? '{}' : '\n' + indent + '}';
  }
}

/** An array given as runs of its members (one run: an array; several: a StreamedList), written as JSON.stringify writes the array. */
function* writeList(out: Writer, runs: Iterable<unknown[]>, indent: string): Generator<string> {
  const inner = indent + INDENT;
  let written = 0;
  for (const value of runs) {
    for (let i = 0; i < value.length; i++) {
      // A run of flat members (a report's checks) is written by JSON.stringify, FLAT_RUN at a time:
      // its text of the slice, less the brackets, indented. 34,000 checks took 62-75 ms one by one.
      let end = i;
      while (end < value.length && end - i < FLAT_RUN && isFlatMember(value[end])) end++;
      if (end > i + 1) {
        // The slice's text at this depth, less its brackets: '[' before and '\n' + indent + ']' after.
        const text = stringifiedAt(value.slice(i, end), indent);
        out.text += (written === 0 ? '[' : ',') + text.slice(1, text.length - 2 - indent.length);
        written += end - i;
        i = end - 1;
      } else {
        out.text += (written++ === 0 ? '[\n' : ',\n') + inner;
        const member = prepared(value[i], String(written - 1));
        if (member === undefined) out.text += 'null';
        else yield* writeValue(out, member, inner);
      }
      if (out.text.length >= out.chunkChars) {
        yield out.text;
        out.text = '';
      }
    }
  }
  out.text += written === 0 ? '[]' : '\n' + indent + ']';
}

/** The buffer `writeChunks` encodes each chunk into (a chunk is about CHUNK_CHARS characters; a longer one gets its own). */
const WRITE_BUFFER_BYTES = 256 * 1024;

/**
 * Writes `chunks` to `file` as they are made, each written before the next is made, through one
 * buffer. Written synchronously: the run has nothing else to do by then, and a file stream (its
 * writes on libuv's threads, 1 MiB ahead) took more of the run's CPU: the 20 MB report of 34,170
 * findings took 137 against 114 ms to write, 190 against 135 ms of CPU (medians of 12 alternated
 * runs). One buffer, not one per chunk: the chunks' buffers, garbage at once but outside V8's heap,
 * waited for a collection and took the run's peak RSS 8-21 MB higher (many findings: 188-201
 * against 180 MB).
 */
export function writeChunks(file: string, chunks: Iterable<string>): void {
  const fd = openSync(file, 'w');
  try {
    let buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
    for (const chunk of chunks) {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (chunk.length * 3 > buffer.length) buffer = Buffer.allocUnsafe(chunk.length * 3);
      const length = buffer.write(chunk);
      for (let at = 0; at < length; ) at += writeSync(fd, buffer, at, length - at);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The source lines a test report's findings point at, read from the batch while the dry run still
 * has it (the body is dropped once the report is made), so the report page can print each finding
 * with its line as the CLI's text report does. Each message is read once, up to the last wanted
 * line; only the wanted lines are kept, each cut at MAX_LINE characters, at most MAX_LINES in all.
 */
import { openBatch, type Report } from '@ddex-check/engine';
import type { Readable } from 'node:stream';

/** `{file: {line: text}}` as stored in `test_reports.source_lines`. */
export type SourceLines = Record<string, Record<string, string>>;

const MAX_LINE = 400;
const MAX_LINES = 20_000;

/** Where a finding points: its message file and 1-based line. */
export type FindingLine = [file: string, line: number];

/**
 * The distinct lines the report's findings (not passes) point at, at most MAX_LINES: small enough
 * to pass from the engine thread with a report already serialized (ddex/engine-worker.ts).
 */
export function findingLines(report: Report): FindingLine[] {
  const seen = new Set<string>();
  const out: FindingLine[] = [];
  for (const check of report.checks) {
    if (check.line === null || check.status === 'pass' || check.file === '') continue;
    const key = `${check.line}\u0000${check.file}`;
    if (seen.has(key)) continue;
    if (out.length >= MAX_LINES) break;
    seen.add(key);
    out.push([check.file, check.line]);
  }
  return out;
}

function byFile(lines: readonly FindingLine[]): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  for (const [file, line] of lines) {
    const set = wanted.get(file) ?? new Set<number>();
    set.add(line);
    wanted.set(file, set);
  }
  return wanted;
}

const BREAK = /[\r\n]/g;

/** Reads the wanted 1-based lines of a stream (LF, CRLF or a lone CR end a line, as XML counts them). */
export async function linesOfStream(stream: Readable, wanted: ReadonlySet<number>): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const last = Math.max(0, ...[...wanted].slice(0, MAX_LINES));
  const decoder = new TextDecoder('utf-8');
  let line = 1;
  let current = '';
  let afterCR = false;
  const keep = () => {
    if (wanted.has(line)) found[line] = current.slice(0, MAX_LINE);
    current = '';
    line++;
  };
  // From one line break to the next (found natively: a character at a time cost a 75 KB dry run
  // about 1 ms); only a wanted line's characters are kept, and only up to MAX_LINE of them.
  const take = (text: string) => {
    let i = 0;
    while (i < text.length && line <= last) {
      BREAK.lastIndex = i;
      const found = BREAK.exec(text);
      const end = found ? found.index : text.length;
      if (end > i) {
        afterCR = false;
        if (wanted.has(line) && current.length < MAX_LINE) current += text.slice(i, Math.min(end, i + MAX_LINE - current.length));
      }
      if (!found) break;
      if (text.charCodeAt(end) === 10) {
        if (afterCR) afterCR = false;
        else keep();
      } else {
        keep();
        afterCR = true;
      }
      i = end + 1;
    }
  };
  try {
    for await (const chunk of stream) {
      take(decoder.decode(chunk as Buffer, { stream: true }));
      if (line > last) break;
    }
    // Bytes of a character the message ends in the middle of are text too (U+FFFD), as when read whole.
    if (line <= last) take(decoder.decode());
    if (line <= last && current) keep();
  } finally {
    stream.destroy();
  }
  return found;
}

const LF = 0x0a;
const CR = 0x0d;
/**
 * Bytes enough for MAX_LINE UTF-16 code units of any UTF-8 text, a character cut at the end
 * included: every 3 bytes make at least one unit (a malformed byte makes one).
 */
const MAX_LINE_BYTES = MAX_LINE * 4;

/**
 * How many bytes of a message in memory `linesOfBytes` reads as latin1 text at a time: one character
 * per byte, so a place in the text is the same place in the bytes.
 */
const WINDOW_BYTES = 1024 * 1024;

/**
 * `linesOfStream` over a message already in memory (a dry run's body): the same lines, found by
 * byte instead of by stream, and only the wanted lines decoded. Read as a stream, the 75 KB sample's
 * lines cost its dry run as much as storing the whole test report. The line ends are found by the
 * engine's native string search over the bytes read as latin1 (one character a byte, a window of
 * `windowBytes` at a time): a loop over the bytes in JavaScript took 110 µs for the 75 KB sample's
 * lines in a warm loop, the search 42 µs.
 */
export function linesOfBytes(bytes: Uint8Array, wanted: ReadonlySet<number>, windowBytes = WINDOW_BYTES): Record<string, string> {
  const found: Record<string, string> = {};
  const last = Math.max(0, ...[...wanted].slice(0, MAX_LINES));
  // The BOM is dropped at the start only, as the stream's decoder drops it; within a line it stays text.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = buffer.length;
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // The window: the bytes from `base` as text; `cr` the next CR in it at or after `at` (-1: none).
  let base = 0;
  let text = '';
  let cr = -1;
  for (let line = 1; line <= last && at < size; line++) {
    let end: number;
    for (;;) {
      if (at >= base + text.length) {
        base = at;
        text = buffer.toString('latin1', base, Math.min(size, base + windowBytes));
        cr = text.indexOf('\r');
      }
      if (cr !== -1 && cr < at - base) cr = text.indexOf('\r', at - base);
      const lf = text.indexOf('\n', at - base);
      end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
      if (end !== -1) {
        end += base;
        break;
      }
      end = size;
      if (base + text.length >= size) break;
      // A line longer than what is left of the window: a window from the line's start, twice as long.
      text = buffer.toString('latin1', at, Math.min(size, at + 2 * Math.max(text.length, windowBytes)));
      base = at;
      cr = text.indexOf('\r');
    }
    // A last line without its end is kept when it has text, as the stream keeps it.
    if (wanted.has(line) && (end < size || end > at)) found[line] = decoder.decode(bytes.subarray(at, Math.min(end, at + MAX_LINE_BYTES))).slice(0, MAX_LINE);
    at = bytes[end] === CR && bytes[end + 1] === LF ? end + 2 : end + 1;
  }
  return found;
}

/**
 * The source lines of the report's findings (the report, or its `findingLines`), from the batch it
 * was made from; an unreadable batch gives none.
 */
export async function sourceLinesOf(input: { kind: 'buffer'; bytes: Uint8Array } | { kind: 'file'; path: string }, name: string, findings: Report | readonly FindingLine[]): Promise<SourceLines> {
  const wanted = byFile(Array.isArray(findings) ? findings : findingLines(findings as Report));
  const out: SourceLines = {};
  if (wanted.size === 0) return out;
  let batch;
  try {
    batch = input.kind === 'buffer' ? await openBatch(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), { name }) : await openBatch(input.path, { name });
  } catch {
    return out;
  }
  try {
    for (const entry of batch.entries) {
      // A lone XML's checks name the message by the batch's display name.
      const file = batch.kind === 'xml' && !wanted.has(entry.path) && wanted.size === 1 ? [...wanted.keys()][0] : entry.path;
      const lines = wanted.get(file);
      if (!lines) continue;
      try {
        // A lone message in memory is read where it is; a zip's entries and a file as streams.
        out[file] = batch.kind === 'xml' && input.kind === 'buffer' ? linesOfBytes(input.bytes, lines) : await linesOfStream(await entry.open(), lines);
      } catch {
        // An entry that cannot be read again only costs its excerpts.
      }
    }
  } finally {
    await batch.close().catch(() => undefined);
  }
  return out;
}

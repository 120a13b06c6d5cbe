/**
 * The source lines findings point at, read again from a message's bytes after its check: the CLI's
 * text report prints them under each finding, the server keeps them with a test report. One pass
 * over the bytes, in chunks, up to the last wanted line; only the wanted lines are decoded, each cut
 * at `maxLine` characters. A line ends at LF, CRLF or a lone CR, as XML counts lines; a BOM at the
 * very start is not text of the first line.
 *
 * Line ends are found by V8's own string search over each chunk read as latin1 (one character per
 * byte, so a place in the text is the same place in the bytes): on DDEX's 75 KB sample that took
 * 42 µs against 110 µs for a loop over the bytes in JavaScript and about 95 µs for Buffer's
 * `indexOf`, whose call into C++ costs more than most lines' search. A finding near the end of a
 * 99 MB message costs about 120 ms of CPU (the server's stream decoder and pattern: 330-390 ms;
 * readline, which makes a string of every line: 7 s for a 1 GB message).
 */

const LF = 0x0a;
const CR = 0x0d;
/**
 * Chunks are read as latin1 strings of at most this many bytes at a time: over the 99 MB generated
 * message, finding every LF took 36-39 ms in windows of 64 KiB, 44-92 ms in windows of 1 MiB (large
 * strings, kept apart by V8's collector), 31-42 ms with Buffer's `indexOf`, 100 ms byte by byte.
 */
const WINDOW_BYTES = 64 * 1024;

/** The chunks of a message: its bytes in memory (read a window at a time), or a stream of them. */
export type LineSource = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

function* windowsOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * The `wanted` 1-based lines of `source`, each cut at `maxLine` UTF-16 units; a wanted line past
 * the end is absent, as is a last line without text. `windowBytes`: for tests.
 */
export async function findSourceLines(source: LineSource, wanted: ReadonlySet<number>, maxLine: number, windowBytes = WINDOW_BYTES): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  // In order, the next one looked for by a place in the list (not Math.max(...wanted): a message with
  // a few hundred thousand findings overflowed the call stack).
  const lines = Float64Array.from(wanted).sort();
  let next = lines.findIndex((n) => n >= 1);
  if (next === -1) return found;
  const last = lines[lines.length - 1];
  // Bytes enough for `maxLine` units of any UTF-8 text, a character cut at the end included: every 3
  // bytes make at least one unit (a malformed byte makes one).
  const maxBytes = maxLine * 4;
  // The BOM stays text within a line; at the start it is dropped (below), as a stream's decoder does.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let line = 1;
  /** Whether the line being read is wanted. */
  let wantedLine = false;
  // The bytes of the wanted line being read from earlier chunks (a line cut between chunks), copied
  // up to `maxBytes`; a line within one chunk is decoded where it is.
  let carried: Buffer[] = [];
  let carriedBytes = 0;
  /** Whether the line being read has bytes (a message ending with a line end has no empty line after it). */
  let any = false;
  const begin = () => {
    any = false;
    wantedLine = lines[next] === line;
    while (lines[next] === line) next++;
  };
  /** Keeps bytes `from` to `to` of a chunk, the part of the line being read that it holds. */
  const carry = (bytes: Buffer, from: number, to: number) => {
    if (to > from) any = true;
    if (!wantedLine || carriedBytes >= maxBytes) return;
    const part = Buffer.from(bytes.subarray(from, Math.min(to, from + maxBytes - carriedBytes)));
    carried.push(part);
    carriedBytes += part.length;
  };
  /** The line being read ends at `to` of `bytes`, after what was carried. */
  const end = (bytes: Buffer, from: number, to: number) => {
    if (!wantedLine) return;
    let text: string;
    if (carried.length === 0) text = decoder.decode(bytes.subarray(from, Math.min(to, from + maxBytes)));
    else {
      carry(bytes, from, to);
      text = decoder.decode(carried.length === 1 ? carried[0] : Buffer.concat(carried));
      carried = [];
      carriedBytes = 0;
    }
    found.set(line, text.length > maxLine ? text.slice(0, maxLine) : text);
  };
  begin();
  // The BOM's bytes matched so far at the message's start (it may be cut between chunks); -1 once past it.
  let bom = 0;
  let afterCR = false;
  const chunks = source instanceof Uint8Array ? [source] : source;
  read: for await (const chunk of chunks) for (const window of windowsOf(chunk, windowBytes)) {
    const bytes = Buffer.isBuffer(window) ? window : Buffer.from(window.buffer, window.byteOffset, window.byteLength);
    const size = bytes.length;
    let at = 0;
    if (bom !== -1) {
      while (bom < 3 && at < size && bytes[at] === BOM[bom]) {
        bom++;
        at++;
      }
      if (bom < 3 && at === size) continue;
      // Not a BOM after all: the bytes matched are the first line's text.
      if (bom < 3 && bom > 0) carry(Buffer.from(BOM.subarray(0, bom)), 0, bom);
      bom = -1;
    }
    // A CRLF cut between two chunks is one line end.
    if (afterCR && bytes[at] === LF) at++;
    afterCR = false;
    const text = bytes.toString('latin1');
    // The next LF and CR from `at` (-1: none in this chunk), looked for again only once passed.
    let lf = text.indexOf('\n', at);
    let cr = text.indexOf('\r', at);
    while (line <= last) {
      const stop = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (stop === -1) {
        carry(bytes, at, size);
        break;
      }
      if (wantedLine) end(bytes, at, stop);
      at = stop + 1;
      if (bytes[stop] === CR) {
        if (at === size) afterCR = true;
        else if (bytes[at] === LF) at++;
      }
      line++;
      // begin(), inline: most lines are not wanted, and this loop runs once a line.
      any = false;
      wantedLine = lines[next] === line;
      if (wantedLine) while (lines[next] === line) next++;
      if (lf !== -1 && lf < at) lf = text.indexOf('\n', at);
      if (cr !== -1 && cr < at) cr = text.indexOf('\r', at);
    }
    if (line > last) break read;
  }
  // A message that is only part of a BOM: those bytes are its text.
  if (bom > 0 && bom < 3) carry(Buffer.from(BOM.subarray(0, bom)), 0, bom);
  // The last line, without a line end.
  if (any && line <= last) end(EMPTY, 0, 0);
  return found;
}

const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const EMPTY = Buffer.alloc(0);

/**
 * `findSourceLines` (source-lines.ts): the lines findings point at, read again from a message's
 * bytes, as splitting its whole decoded text would give them, however the bytes come in chunks.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSourceLines } from './source-lines.js';

/** The reference: the whole text decoded (a BOM at the start dropped), split at each line end, cut at `max`; a last line without an end is kept when it has text. */
function reference(bytes: Uint8Array, wanted: ReadonlySet<number>, max: number): Map<number, string> {
  const pieces = new TextDecoder('utf-8').decode(bytes).split(/\r\n|\r|\n/);
  const out = new Map<number, string>();
  pieces.forEach((piece, i) => {
    if (wanted.has(i + 1) && (i < pieces.length - 1 || piece !== '')) out.set(i + 1, piece.slice(0, max));
  });
  return out;
}

/** `bytes` cut after each of `cuts` (positions modulo its length). */
function chunked(bytes: Buffer, cuts: number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...at, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i ? ends[i - 1] : 0, end));
}

// Any bytes: a BOM, line ends of every kind, characters of 1-4 bytes, malformed UTF-8, and long
// lines of wide characters around the cut (where a character can be cut in two).
const piece = fc.oneof(
  fc.constantFrom('a', ' ', '\r', '\n', '\r\n', 'é', '€', '😀', '\uFEFF', '<').map((t) => Buffer.from(t)),
  fc.constantFrom([0xef, 0xbb, 0xbf], [0xef, 0xbb], [0xef], [0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0x80]).map((b) => Buffer.from(b)),
  fc.tuple(fc.integer({ min: 10, max: 60 }), fc.constantFrom('a', '€', '😀'), fc.constantFrom('', 'a', '😀')).map(([n, c, tail]) => Buffer.from(c.repeat(n) + tail)),
);

describe('findSourceLines', () => {
  it('counts LF, CRLF and a lone CR as one line end each, across chunks, and drops a BOM cut between chunks', async () => {
    const chunks = [Buffer.of(0xef), Buffer.of(0xbb), Buffer.from('\xbfone\r', 'latin1'), Buffer.from('\ntwo\rthree\nfo'), Buffer.from('ur')];
    expect(await findSourceLines(Readable.from(chunks), new Set([1, 2, 3, 4]), 400)).toEqual(new Map([[1, 'one'], [2, 'two'], [3, 'three'], [4, 'four']]));
  });

  it('gives the lines splitting the whole text gives, whatever the bytes and their chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(2000), { maxLength: 12 }), fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), fc.integer({ min: 8, max: 50 }), async (pieces, cuts, lines, max) => {
        const bytes = Buffer.concat(pieces);
        const wanted = new Set(lines);
        const expected = reference(bytes, wanted, max);
        // A stream in chunks, an array of chunks, and bytes in memory read in windows of a few bytes.
        expect(await findSourceLines(Readable.from(chunked(bytes, cuts)), wanted, max)).toEqual(expected);
        expect(await findSourceLines(chunked(bytes, cuts), wanted, max)).toEqual(expected);
        expect(await findSourceLines(bytes, wanted, max, 1 + (cuts[0] ?? 0) % 7)).toEqual(expected);
        expect(await findSourceLines(bytes, wanted, max)).toEqual(expected);
      }),
      { numRuns: 1500 },
    );
  });

  it('stops reading at the last wanted line', async () => {
    let read = 0;
    async function* counted() {
      for (let i = 0; i < 100; i++) {
        read++;
        yield Buffer.from(`line ${i}\n`);
      }
    }
    expect(await findSourceLines(counted(), new Set([3]), 400)).toEqual(new Map([[3, 'line 2']]));
    expect(read).toBe(3);
  });

  it('takes a few hundred thousand wanted lines (no spread into Math.max)', async () => {
    const text = Buffer.from('x\n'.repeat(300_000));
    const wanted = new Set(Array.from({ length: 300_000 }, (_, i) => i + 1));
    const found = await findSourceLines(text, wanted, 400);
    expect(found.size).toBe(300_000);
    expect(found.get(300_000)).toBe('x');
  });
});

/**
 * A test report keeps the source lines its findings point at (test-reports/source-lines.ts), read
 * from the batch while the dry run has it: from a message inside a zip and from a lone XML, with
 * lines counted as XML counts them (LF, CRLF and a lone CR each end one line).
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '@ddex-check/engine';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { linesOfBytes, linesOfStream, sourceLinesOf } from './source-lines.js';

const badIsrc = (xml: string) => xml.replace(/<ISRC>[^<]*<\/ISRC>/, '<ISRC>NOT-AN-ISRC</ISRC>');

describe('source lines of a test report', () => {
  it('reads each finding\'s line from a zip entry and from a lone XML', async () => {
    const { zip, upc } = await albumZip({ edit: badIsrc });
    const report = await validate(zip, { name: 'album.zip' });
    const finding = report.checks.find((c) => c.status === 'error' && c.line !== null && c.file === `${upc}.xml`);
    expect(finding, JSON.stringify(report.checks.filter((c) => c.status === 'error').map((c) => [c.rule, c.file, c.line]))).toBeTruthy();
    const lines = await sourceLinesOf({ kind: 'buffer', bytes: zip }, 'album.zip', report);
    expect(lines[`${upc}.xml`][String(finding!.line)]).toContain('NOT-AN-ISRC');

    const xml = Buffer.from(badIsrc((await import('node:fs')).readFileSync(new URL('../../../../fixtures/batches/album-43/5012345678900.xml', import.meta.url), 'utf8')));
    const lone = await validate(xml, { name: 'message.xml' });
    const located = lone.checks.find((c) => c.status === 'error' && c.line !== null && /ISRC|isrc/.test(c.rule + c.message));
    expect(located).toBeTruthy();
    const loneLines = await sourceLinesOf({ kind: 'buffer', bytes: xml }, 'message.xml', lone);
    expect(loneLines[located!.file][String(located!.line)]).toContain('NOT-AN-ISRC');
  });

  it('counts LF, CRLF and a lone CR as one line end each, across chunks', async () => {
    const stream = Readable.from([Buffer.from('one\r'), Buffer.from('\ntwo\rthree\nfo'), Buffer.from('ur')]);
    expect(await linesOfStream(stream, new Set([1, 2, 3, 4]))).toEqual({ 1: 'one', 2: 'two', 3: 'three', 4: 'four' });
  });

  it('gives any text\'s wanted lines as splitting it whole would, whatever its chunks (lines cut at 400 characters)', async () => {
    // The reference: the whole text split at each line end; a last line without an end is kept when it has text.
    const reference = (text: string, wanted: Set<number>) => {
      const pieces = text.split(/\r\n|\r|\n/);
      const out: Record<string, string> = {};
      pieces.forEach((piece, i) => {
        if (wanted.has(i + 1) && (i < pieces.length - 1 || piece !== '')) out[i + 1] = piece.slice(0, 400);
      });
      return out;
    };
    const char = fc.constantFrom('a', 'b', ' ', '\r', '\n', 'é', '€', '😀', '<');
    const text = fc.oneof(fc.array(char, { maxLength: 200 }).map((c) => c.join('')), fc.tuple(fc.nat(900), char).map(([n, c]) => `x\n${c.repeat(n)}\r\ny`));
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(2000), { maxLength: 12 }), fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 8 }), async (t, cutsAt, lines) => {
        const bytes = Buffer.from(t);
        const cuts = [...new Set(cutsAt.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...cuts, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i ? ends[i - 1] : 0, end));
        const wanted = new Set(lines);
        expect(await linesOfStream(Readable.from(chunks), wanted)).toEqual(reference(t, wanted));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the same lines from bytes in memory as from a stream of them, whatever the bytes', async () => {
    // Any bytes: a BOM, line ends of every kind, characters of 1-4 bytes, malformed UTF-8, and long
    // lines of wide characters around the 400-unit cut (where a character can be cut in two).
    const piece = fc.oneof(
      fc.constantFrom('a', ' ', '\r', '\n', '\r\n', 'é', '€', '😀', '\uFEFF').map((t) => Buffer.from(t)),
      fc.constantFrom([0xef, 0xbb, 0xbf], [0xff], [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0x80]).map((b) => Buffer.from(b)),
      fc.tuple(fc.integer({ min: 390, max: 410 }), fc.constantFrom('a', '€', '😀'), fc.constantFrom('', 'a', '😀')).map(([n, c, tail]) => Buffer.from(c.repeat(n) + tail)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), fc.nat(64), async (pieces, lines, chunk) => {
        const bytes = Buffer.concat(pieces);
        const wanted = new Set(lines);
        const chunks = [];
        for (let at = 0; at < bytes.length; at += chunk + 1) chunks.push(bytes.subarray(at, at + chunk + 1));
        const streamed = await linesOfStream(Readable.from(chunks), wanted);
        expect(linesOfBytes(bytes, wanted)).toEqual(streamed);
        // Windows of a few bytes: line ends found across windows, lines longer than a window.
        expect(linesOfBytes(bytes, wanted, chunk + 1)).toEqual(streamed);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a lone message in memory from its bytes, with the lines a stream gives', async () => {
    const xml = Buffer.from('\uFEFF<?xml version="1.0"?>\r\n<a>\r<b>€</b>\n</a>');
    const report = { checks: [1, 2, 3, 4].map((line) => ({ line, file: 'm.xml', status: 'error' })) } as never;
    expect(await sourceLinesOf({ kind: 'buffer', bytes: xml }, 'm.xml', report)).toEqual({ 'm.xml': { 1: '<?xml version="1.0"?>', 2: '<a>', 3: '<b>€</b>', 4: '</a>' } });
  });
});

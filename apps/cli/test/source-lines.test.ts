/**
 * The text formatter's excerpts read the lines findings point at: found in the bytes, compared with
 * what Node's readline gives line by line, whatever the line ends and however the file is read in chunks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import os from 'node:os';
import path from 'node:path';
import { readLines } from '../src/check/source-lines.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-lines-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every line by readline (CRLF and a lone CR end a line, as XML counts them), cut as the excerpts are. */
async function byReadline(file: string): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) out.push(line.length > 4000 ? line.slice(0, 4000) : line);
  return out;
}

describe('readLines', () => {
  const texts: [string, string | Buffer][] = [
    ['LF', '<a>\n  <b>x</b>\n</a>\n'],
    ['CRLF, no final line end', '<a>\r\n  <b>é</b>\r\n\r\n</a>'],
    ['lone CRs and a mix', 'one\rtwo\r\nthree\n\rfour\r'],
    ['empty lines', '\n\n\nlast'],
    ['a long line and multi-byte characters', `${'ü'.repeat(5000)}\nnext ✓ line\n${'x'.repeat(9000)}`],
    ['no line end at all', 'only'],
    ['empty', ''],
  ];
  it.each(texts)('gives the lines readline gives, read in chunks of any size: %s', async (name, text) => {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.xml`);
    writeFileSync(file, text);
    const expected = await byReadline(file);
    const all = new Set(Array.from({ length: expected.length + 2 }, (_, i) => i + 1));
    for (const chunk of [1, 2, 3, 7, 64, 1 << 20]) {
      const found = await readLines(file, all, chunk);
      expect([...found.keys()].sort((a, b) => a - b), `${name}, chunks of ${chunk}`).toEqual(expected.map((_, i) => i + 1));
      expect(expected.map((_, i) => found.get(i + 1)), `${name}, chunks of ${chunk}`).toEqual(expected);
    }
  });

  it('reads only up to the last line wanted, and keeps only those', async () => {
    const file = path.join(dir, 'many.xml');
    writeFileSync(file, Array.from({ length: 10_000 }, (_, i) => `<line n="${i + 1}"/>`).join('\n'));
    const found = await readLines(file, new Set([9_999, 2, 0, -1, 20_000]), 4096);
    expect([...found]).toEqual([
      [2, '<line n="2"/>'],
      [9_999, '<line n="9999"/>'],
    ]);
    expect(await readLines(path.join(dir, 'missing.xml'), new Set([1]))).toEqual(new Map());
  });
});

// `-f json` streamed (src/check/json-chunks.ts): the same bytes as JSON.stringify(reports, null, 2),
// handed out in bounded chunks, to standard output and to a file.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamedList, formatterFor, type Report } from '@ddex-check/engine';
import { generateErn43 } from '../../../bench/generate-ern43.mjs';
import { run } from '../src/run.js';
import { CHUNK_CHARS, jsonChunks, writeChunks } from '../src/check/json-chunks.js';

const stringified = (value: unknown) => {
  const text = JSON.stringify(value, null, 2);
  return text === undefined ? '' : text + '\n';
};

describe('jsonChunks', () => {
  it('writes what JSON.stringify(value, null, 2) writes, for any JSON value and small chunks', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 200 }), (value, chunkChars) => {
        expect([...jsonChunks(value, chunkChars)].join('')).toBe(stringified(value));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out and replaces what JSON.stringify does (undefined, functions, symbols, toJSON, boxed values)', () => {
    const cases: unknown[] = [
      undefined,
      () => 1,
      { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
      { a: undefined },
      [undefined, () => 1, Symbol('s'), { x: [] }, {}],
      { when: new Date(0), nested: { when: new Date(1), list: [new Date(2)] } },
      { self: { toJSON: (key: string) => ({ key, deep: [1, { key }] }) } },
      { gone: { toJSON: () => undefined }, list: [{ toJSON: () => undefined }, { y: [1] }] },
      [new Number(1), new String('a\nb'), new Boolean(false), { n: new Number(2), o: {} }],
      { text: 'line\nbreak "quoted" \u2028', nan: NaN, inf: -Infinity, zero: -0, deep: [[[], [{}], [[1, [2]]]]] },
    ];
    for (const value of cases) for (const size of [1, 7, CHUNK_CHARS]) expect([...jsonChunks(value, size)].join('')).toBe(stringified(value));
  });

  it('writes runs of flat members (checks) as JSON.stringify does, at any depth, in bounded chunks', () => {
    const flat = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.double()));
    const member = fc.oneof(flat, flat, flat, fc.string(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
    fc.assert(
      fc.property(fc.array(member, { maxLength: 700 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 5000 }), (list, depth, chunkChars) => {
        let value: unknown = list;
        for (let i = 0; i < depth; i++) value = i % 2 ? [value, 1] : { checks: value, n: i };
        expect([...jsonChunks(value, chunkChars)].join('')).toBe(stringified(value));
      }),
      { numRuns: 150 },
    );
    const checks = Array.from({ length: 3000 }, (_, i) => ({ stage: 'codes', rule: 'codes-isrc-syntax', line: i, column: 7, release: null, message: `ISRC "GB-XYZ${i}" is not valid` }));
    const chunks = [...jsonChunks([{ checks }], 4096)];
    expect(chunks.join('')).toBe(stringified([{ checks }]));
    // A run of flat members is written whole: a chunk may pass chunkChars by at most one run's text.
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(4096 + 256 * 200);
    expect(chunks.length).toBeGreaterThan(10);
  });

  it('writes a list made as it is read (StreamedList) run by run, as JSON.stringify writes the whole array', () => {
    const flat = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null)));
    const member = fc.oneof(flat, flat, fc.string(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
    fc.assert(
      fc.property(fc.array(fc.array(member, { maxLength: 300 }), { maxLength: 5 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 5000 }), (runs, depth, chunkChars) => {
        let made = 0;
        const list = new StreamedList(() => {
          made++;
          return runs;
        });
        let value: unknown = { recordings: list, n: 1 };
        for (let i = 0; i < depth; i++) value = i % 2 ? [value, 1] : { would_create: value };
        const text = [...jsonChunks(value, chunkChars)].join('');
        // Its runs were read once, never made whole by its toJSON.
        expect(made).toBe(1);
        expect(text).toBe(stringified(value));
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 150 },
    );
  });

  it('hands out chunks of about chunkChars, never the whole text at once', () => {
    const records = Array.from({ length: 5000 }, (_, i) => ({ file: 'a.xml', release: `R${i}`, isrc: null, tags: [i, { n: i }] }));
    const chunks = [...jsonChunks([{ catalog: { recordings: records } }], 4096)];
    expect(chunks.join('')).toBe(stringified([{ catalog: { recordings: records } }]));
    expect(chunks.length).toBeGreaterThan(100);
    // A chunk closes after the member that reached the size: at most one record over it.
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(4096 + 200);
  });
});

describe('ddex-check -f json streams the report', () => {
  it('writes a generated catalog to standard output in chunks, the same bytes as the json formatter', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ddex-json-stream-'));
    const message = path.join(folder, 'catalog.xml');
    await generateErn43(message, 3 * 1024 * 1024);
    const writes: string[] = [];
    const stream = (append: (s: string) => void) => ({
      write(chunk: string, cb?: (e?: Error | null) => void) {
        append(chunk);
        cb?.();
        return true;
      },
    });
    const io = { stdout: stream((s) => writes.push(s)), stderr: stream(() => undefined), cwd: process.cwd(), env: { ...process.env, NO_COLOR: '1' } };
    const code = await run([message, '-f', 'json', '-q'], io);
    expect(code).toBeLessThan(2);
    const text = writes.join('');
    const reports = JSON.parse(text) as Report[];
    expect(reports[0].would_create.recordings.length).toBeGreaterThan(1000);
    // The engine's formatter on the same reports writes the same bytes (the JSON round trip is exact).
    expect(text).toBe(formatterFor('json')!(reports, {} as never));
    expect(text.length).toBeGreaterThan(4 * CHUNK_CHARS);
    expect(writes.length).toBeGreaterThan(3);
    expect(Math.max(...writes.map((w) => w.length))).toBeLessThan(2 * CHUNK_CHARS);

    // To a file (-o): the same text.
    const file = path.join(folder, 'out', 'report.json');
    expect(await run([message, '-f', 'json', '-o', file, '-q'], io)).toBe(code);
    const written = readFileSync(file, 'utf8');
    expect(formatterFor('json')!(JSON.parse(written) as Report[], {} as never)).toBe(written);
    expect(written.replace(/"(started_at|duration_ms)": [^,\n]*/g, '')).toBe(text.replace(/"(started_at|duration_ms)": [^,\n]*/g, ''));
  }, 120_000);

  it('writes chunks to a file as UTF-8, whatever their characters and length, through one buffer', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ddex-json-stream-'));
    const file = path.join(folder, 'report.json');
    // Chunks of one-, two-, three- and four-byte characters, some longer than the buffer (256 KiB) once encoded.
    const chunks = ['{"a": "plain"', ', "b": "Café Ünïcode", ', '"c": "東京 🎵 “quoted”"', ', "d": "' + 'é'.repeat(150_000) + '"', ', "e": "' + '🎵'.repeat(70_000) + '"', ', "f": ""', '}\n'];
    writeChunks(file, chunks);
    expect(readFileSync(file, 'utf8')).toBe(chunks.join(''));
    expect(readFileSync(file).length).toBe(Buffer.byteLength(chunks.join('')));
    // A file written again is replaced, not appended to.
    writeChunks(file, ['[]\n']);
    expect(readFileSync(file, 'utf8')).toBe('[]\n');
  });

  it('names the file and the system error when the report cannot be written, and exits 2', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ddex-json-stream-'));
    const message = path.join(folder, 'catalog.xml');
    await generateErn43(message, 256 * 1024);
    const errors: string[] = [];
    const io = {
      stdout: { write: (_: string, cb?: () => void) => (cb?.(), true) },
      stderr: { write: (s: string, cb?: () => void) => (errors.push(s), cb?.(), true) },
      cwd: folder,
      env: { ...process.env, NO_COLOR: '1' },
    };
    // A device that is always full: the first write fails.
    expect(await run([message, '-f', 'json', '-o', '/dev/full', '-q'], io)).toBe(2);
    // A folder where the file should be: the open fails.
    expect(await run([message, '-f', 'json', '-o', folder, '-q'], io)).toBe(2);
    expect(errors.join('')).toContain('cannot write /dev/full: ENOSPC');
    expect(errors.join('')).toContain(`cannot write ${folder}: EISDIR`);
  }, 60_000);
});

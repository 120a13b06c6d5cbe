import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '../validate.js';
import { ParseThread, PARSE_THREAD_MIN_BYTES, wantsParseThread } from './parse-thread.js';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures');

/** What a report says, without what depends on the run (engine timings, absolute paths). */
async function verdictOf(input: string, parseThread: boolean) {
  const report = await validate(input, { media: false, parseThread });
  return { verdict: report.verdict, summary: report.summary, checks: report.checks };
}

describe('validate with the parse thread', () => {
  let dir: string;
  let big: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parse-thread-'));
    // A generated message of a few MB with defects far into it: a bad ISRC, a broken reference, an unclosed tag at the end.
    const valid = path.join(dir, 'valid.xml');
    await generateErn43(valid, 3e6);
    const text = readFileSync(valid, 'utf8');
    const open = text.lastIndexOf('<ISRC>') + '<ISRC>'.length;
    const close = text.indexOf('</ISRC>', open);
    expect(open).toBeGreaterThan(text.length / 4);
    const broken = (text.slice(0, open) + 'GBXYZ00BAD' + text.slice(close)).replace('<ReleaseResourceReference>A3</ReleaseResourceReference>', '<ReleaseResourceReference>A999999</ReleaseResourceReference>');
    big = path.join(dir, 'defects.xml');
    writeFileSync(big, broken);
    writeFileSync(path.join(dir, 'truncated.xml'), broken.slice(0, Math.floor(broken.length * 0.9)));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['a schema-invalid message', () => path.join(FIXTURES, 'cli/schema-invalid-43.xml')],
    ['bad codes', () => path.join(FIXTURES, 'cli/bad-codes-43.xml')],
    ['an XXE DOCTYPE', () => path.join(FIXTURES, 'bad/xxe.xml')],
    ['a truncated message', () => path.join(FIXTURES, 'bad/truncated.xml')],
    ['the fixture album (a folder)', () => path.join(FIXTURES, 'batches/album-43')],
    ['a generated message with defects deep inside', () => big],
    ['the same message cut at 90%', () => path.join(dir, 'truncated.xml')],
  ])('gives the same report as the pass on one thread: %s', async (_what, input) => {
    const started = ParseThread.started;
    const threaded = await verdictOf(input(), true);
    expect(ParseThread.started).toBeGreaterThan(started);
    const own = await verdictOf(input(), false);
    expect(threaded).toEqual(own);
  }, 60_000);

  it('finds the defects of the generated message (the comparison is not between two empty reports)', async () => {
    const { verdict, checks } = await verdictOf(big, true);
    expect(verdict).toBe('would_be_rejected');
    expect(checks.filter((c) => c.status === 'error').map((c) => c.rule)).toEqual(expect.arrayContaining(['xml-schema-valid', 'codes-isrc-syntax', 'release-reference-resolves']));
    const truncated = await verdictOf(path.join(dir, 'truncated.xml'), true);
    expect(truncated.checks.find((c) => c.rule === 'xml-well-formed' && c.status === 'error')?.line).toBeGreaterThan(1000);
  }, 60_000);

  it('is chosen by size when a second core is there', () => {
    expect(wantsParseThread(PARSE_THREAD_MIN_BYTES - 1)).toBe(false);
    expect(wantsParseThread(undefined)).toBe(false);
    expect(wantsParseThread(PARSE_THREAD_MIN_BYTES)).toBe(os.availableParallelism() > 1);
  });

  it('hands the first chunks over small (16, 32, 64, 128 KiB), then 256 KiB at a time, and loses no event', async () => {
    const item = '<I>x</I>'; // 8 bytes, so chunks of whole KiB cut between elements
    const body = item.repeat(Math.floor((1024 * 1024 - '<R>'.length - '</R>'.length) / item.length));
    const xml = Buffer.from(`<R>${body}</R>`.padEnd(1024 * 1024, ' '));
    expect(xml.length).toBe(1024 * 1024);
    const thread = new ParseThread();
    // Written the way a file is read, in 64 KiB pieces.
    for (let at = 0; at < xml.length; at += 64 * 1024) thread.write(xml.subarray(at, at + 64 * 1024));
    thread.end();
    const opened: number[] = [];
    while (thread.inFlight > 0) opened.push((await thread.next()).elements);
    await thread.close();
    // 16 + 32 + 64 + 128 + 256 + 256 + 256 KiB, the last 16 KiB at the end, and the end's own batch.
    expect(opened).toHaveLength(9);
    // R and the 2,048 items whose start tag ends in the first 16 KiB; then 4,096 items in 32 KiB.
    expect(opened[0]).toBe(2049);
    expect(opened[1]).toBe((32 * 1024) / 8);
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1 + body.length / item.length);
  });

  it('a thread that stops answers every waiting batch with an error naming it', async () => {
    const thread = new ParseThread();
    const waiting = thread.next();
    (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/the parse thread stopped/);
    await expect(thread.next()).rejects.toThrow(/the parse thread stopped/);
  });
});

// `recordings: 'stream'` (ValidateOptions): a catalog's recordings read from the model as the list is
// read (report/streamed-list.ts), the same list and the same JSON as when they are listed at once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { StreamedList } from './streamed-list.js';
import type { Report } from './types.js';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';

describe("a report's recordings streamed", () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-check-streamed-'));
    // Two catalog messages in one batch: the list runs through both, in the batch's order.
    await generateErn43(path.join(dir, 'a.xml'), 1024 * 1024);
    await generateErn43(path.join(dir, 'b.xml'), 600 * 1024);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Everything but the run's own clock.
  const plain = (report: Report) => JSON.stringify({ ...report, engine: null });

  it.each([
    ['kept as bytes', true],
    ['kept as objects', false],
  ])('gives the same list and JSON as recordings listed at once, the model %s', async (_how, recordStore) => {
    const options = { media: false, recordStore };
    const [listed, streamed] = await Promise.all([validate(dir, options), validate(dir, { ...options, recordings: 'stream' })]);
    const all = listed.would_create.recordings;
    expect(Array.isArray(all)).toBe(true);
    expect((all as unknown[]).length).toBeGreaterThan(500);
    const list = streamed.would_create.recordings;
    expect(list).toBeInstanceOf(StreamedList);
    // Read after validate returned (the model it reads is still there), and again: the same items each time.
    expect([...list]).toEqual(all);
    expect([...list]).toEqual(all);
    const runs = [...(list as StreamedList<unknown>).runs()];
    // Kept as bytes, runs of 256 at most (the first message's recordings take two); as objects, one run a message.
    expect(runs.length).toBe(recordStore ? 3 : 2);
    expect(Math.max(...runs.map((run) => run.length))).toBeLessThanOrEqual(recordStore ? 256 : Infinity);
    expect(new Set((all as { file: string }[]).map((r) => path.basename(r.file)))).toEqual(new Set(['a.xml', 'b.xml']));
    expect(plain(streamed)).toBe(plain(listed));
  });

  it('lists none when asked for none', async () => {
    const report = await validate(path.join(dir, 'b.xml'), { media: false, recordStore: true, recordings: false });
    expect(report.would_create.recordings).toEqual([]);
  });
});

// `lastSmallRun` (read-message.ts): the last message under 1 MiB keeps its ERN reader and rule
// dispatcher until the next small message, so that V8's optimized code of their closures outlives
// the run in a thread that waits between messages; a larger message, one kept as bytes, or a file
// that is not ERN does not replace it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../validate.js';
import { RuleDispatcher } from '../rules/dispatcher.js';
import { keptSmallRun } from './read-message.js';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';

describe('the last small message kept', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-check-small-run-'));
    await generateErn43(path.join(dir, 'small-a.xml'), 80 * 1024);
    await generateErn43(path.join(dir, 'small-b.xml'), 120 * 1024);
    await generateErn43(path.join(dir, 'large.xml'), 1200 * 1024);
    writeFileSync(path.join(dir, 'not-ern.xml'), '<?xml version="1.0"?><Catalog><Item/></Catalog>\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps a small message's reader and dispatcher until the next small message", async () => {
    const options = { media: false } as const;
    await validate(path.join(dir, 'small-a.xml'), options);
    const first = keptSmallRun();
    expect(first?.dispatcher).toBeInstanceOf(RuleDispatcher);
    expect(first?.reader?.message.releases.length).toBeGreaterThan(0);

    // Not replaced by a message of 1 MiB or more, nor by one whose model is kept as bytes.
    const large = await validate(path.join(dir, 'large.xml'), options);
    expect(large.verdict).toBe('would_import');
    expect(keptSmallRun()).toBe(first);
    await validate(path.join(dir, 'small-b.xml'), { ...options, recordStore: true });
    expect(keptSmallRun()).toBe(first);
    // Nor by a small file that is not ERN: no reader, no rules to keep.
    await validate(path.join(dir, 'not-ern.xml'), options);
    expect(keptSmallRun()).toBe(first);

    await validate(path.join(dir, 'small-b.xml'), options);
    const next = keptSmallRun();
    expect(next).not.toBe(first);
    expect(next?.dispatcher).toBeInstanceOf(RuleDispatcher);
  });
});

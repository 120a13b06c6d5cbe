import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_DIR, goldenCases, runCase } from './golden-harness.js';

const cases = await goldenCases();
const update = process.env.UPDATE_GOLDEN === '1';

describe('golden end-to-end cases (node apps/cli/bin/ddex-check.js)', () => {
  it('runs the built CLI', () => {
    expect(existsSync(path.join(CLI_DIR, 'dist/run.js')), 'apps/cli/dist/run.js is missing: run "npm run build" first').toBe(true);
  });

  it.concurrent.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const actual = await runCase(c);
    const file = path.join(c.dir, 'expected.txt');
    if (update) await writeFile(file, actual);
    const expected = existsSync(file) ? await readFile(file, 'utf8') : '(no expected.txt: run with UPDATE_GOLDEN=1 and review it)';
    expect(actual).toBe(expected);
  });
});

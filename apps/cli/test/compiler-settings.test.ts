/**
 * The bin has V8 inline less for a mid-sized message on one or two cores (bin/compiler-settings.js):
 * when, and that the bin really sets it before the CLI runs (seen through a preloaded module that
 * records what reaches `v8.setFlagsFromString`).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: plain JavaScript of the bin, without types
import { INLINING_BUDGET, INLINING_FLAG, compilerFlag } from '../bin/compiler-settings.js';
import { binUnderPreload } from './bin-preload';
import { sparseFolder } from './sparse-files';

const MiB = 1024 * 1024;
const flag = `${INLINING_FLAG}=${INLINING_BUDGET}`;
const none = { execArgv: [], env: {} };

describe('compilerFlag', () => {
  it('is set for a message of 1 to 256 MiB, or a zip of 64 KiB to 10 MiB, on one or two cores', () => {
    for (const cores of [1, 2]) {
      expect(compilerFlag({ message: MiB, zip: 0 }, { ...none, cores })).toBe(flag);
      expect(compilerFlag({ message: 256 * MiB - 1, zip: 0 }, { ...none, cores })).toBe(flag);
      expect(compilerFlag({ message: 0, zip: 64 * 1024 }, { ...none, cores })).toBe(flag);
      expect(compilerFlag({ message: 0, zip: 10 * MiB - 1 }, { ...none, cores })).toBe(flag);
    }
  });

  it('is not set for small or huge inputs, on more cores, or when the run chose its own budget', () => {
    expect(compilerFlag({ message: MiB - 1, zip: 64 * 1024 - 1 }, { ...none, cores: 2 })).toBeNull();
    expect(compilerFlag({ message: 256 * MiB, zip: 0 }, { ...none, cores: 2 })).toBeNull();
    // A huge input among others: the run is as long as its largest.
    expect(compilerFlag({ message: 2 * MiB, zip: 10 * MiB }, { ...none, cores: 2 })).toBeNull();
    expect(compilerFlag({ message: 2 * MiB, zip: 0 }, { ...none, cores: 3 })).toBeNull();
    expect(compilerFlag({ message: 2 * MiB, zip: 0 }, { cores: 2, execArgv: [`${INLINING_FLAG}=920`], env: {} })).toBeNull();
    expect(compilerFlag({ message: 2 * MiB, zip: 0 }, { cores: 2, execArgv: [], env: { NODE_OPTIONS: `--max-old-space-size=900 ${INLINING_FLAG}=500` } })).toBeNull();
    // Another flag of V8's that starts alike is not a choice of this budget.
    expect(compilerFlag({ message: 2 * MiB, zip: 0 }, { cores: 2, execArgv: ['--max-inlined-bytecode-size=400'], env: {} })).toBe(flag);
  });
});

describe('the bin', () => {
  const { dir, sized } = sparseFolder('compiler-settings-');
  // Every flag set, recorded to a file as the process ends.
  const runBin = binUnderPreload(dir, [
    "import fs from 'node:fs'; import v8 from 'node:v8';",
    'const seen = []; const set = v8.setFlagsFromString;',
    'v8.setFlagsFromString = (flags) => { seen.push(flags); return set(flags); };',
    "process.on('exit', () => fs.writeFileSync(process.env.FLAGS_SEEN, JSON.stringify(seen)));",
  ]);
  const flagsSet = (file: string) => {
    const seen = path.join(dir, 'seen.json');
    writeFileSync(seen, '[]');
    const run = runBin(['-f', 'json', file], { FLAGS_SEEN: seen });
    expect(run.error).toBeUndefined();
    // The run itself went on (a message of zeros is not XML: findings, never an internal error).
    expect(run.status).toBe(1);
    return JSON.parse(readFileSync(seen, 'utf8')) as string[];
  };

  it('sets the flag for a 2 MiB message, and not for a small one', () => {
    expect(flagsSet(sized('mid.xml', 2 * MiB))).toContain(flag);
    expect(flagsSet(sized('small.xml', 100_000)).filter((f) => f.startsWith(INLINING_FLAG))).toEqual([]);
  }, 120_000);
});

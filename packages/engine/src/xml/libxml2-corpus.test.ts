/**
 * Every sample of ../shared/ddex/samples whose INDEX.csv row names one of the supported XSD sets
 * and a libxml2 verdict (valid / invalid, from native xmllint) must get the same verdict from the
 * Libxml2Validator. The version is the row's `xsd_set` (official 3.8 samples declare ern/382 but
 * validate against ern-3.8).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErnVersion } from '../ern/model.js';
import { SAMPLES_DIR } from '../test-support.js';
import { readSampleIndex } from '../corpus/sample-index.js';
import { parseXmllintOutput } from './libxml2-output.js';
import { Libxml2Validator } from './libxml2-validator.js';
import { SchemaStore } from './schema-store.js';

const SETS: Record<string, ErnVersion> = {
  'ern-3.7': '3.7',
  'ern-3.8': '3.8',
  'ern-3.8.1': '3.8.1',
  'ern-3.8.2': '3.8.2',
  'ern-4.1': '4.1',
  'ern-4.2': '4.2',
  'ern-4.3': '4.3',
};

const cases = readSampleIndex()
  .map((r) => ({ file: r.file, set: r.xsd_set, expected: r.xmllint_result, firstError: firstErrorOf(r.first_errors) }))
  .filter((c) => c.set in SETS && (c.expected === 'valid' || c.expected === 'invalid'));

/** The first of `line 8: element X: Schemas validity error : ... | line 12: ...` (native xmllint, possibly cut short). */
function firstErrorOf(cell: string): { line: number | null; message: string } | null {
  const first = /^line (\d+): (.*?)(?: \| line \d+: |$)/.exec(cell);
  if (!first) return null;
  const [issue] = parseXmllintOutput(`message.xml:${first[1]}: ${first[2]}`, 'message.xml');
  return issue ? { line: issue.line, message: issue.message } : null;
}

// The schemas come from DDEX_SCHEMAS_DIR, as in CI (vitest.config.ts points it at ../shared/ddex/xsd).
const validator = new Libxml2Validator({ store: new SchemaStore() });

describe('Libxml2Validator on the sample corpus', () => {
  it('covers the corpus', () => {
    expect(readSampleIndex().length).toBeGreaterThan(100);
    expect(cases.length).toBeGreaterThan(90);
    expect(new Set(cases.map((c) => c.set))).toEqual(new Set(Object.keys(SETS)));
    expect(cases.filter((c) => c.expected === 'invalid').length).toBeGreaterThan(10);
  });

  // xmllint runs in worker threads: validating a few at once uses every core.
  it.concurrent.for(cases)('$file: $expected against $set', async ({ file, set, expected, firstError }, { expect }) => {
    const session = await validator.begin(SETS[set], { ns: '', name: '' });
    if (typeof session === 'string') throw new Error(session);
    session.onBytes!(readFileSync(path.join(SAMPLES_DIR, file)));
    const result = await session.finish();
    expect(result.outcome, result.note ?? result.issues[0]?.message).toBe(expected);
    if (expected === 'invalid') {
      // Same first error as native xmllint (INDEX.csv keeps the first ones, the last possibly cut short).
      expect(firstError).not.toBeNull();
      expect(result.issues[0].line).toBe(firstError!.line);
      expect(result.issues[0].message.startsWith(firstError!.message)).toBe(true);
    }
  });
});

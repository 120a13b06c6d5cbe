import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validate } from '../validate.js';
import { sample } from '../test-support.js';

const root = path.resolve(__dirname, '../../../..');
const schema = JSON.parse(readFileSync(path.join(root, 'schemas/report.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const check = ajv.compile(schema);

describe('report JSON Schema', () => {
  it.each([
    ['a valid batch folder', path.join(root, 'fixtures/batches/album-43')],
    ['a lone 3.8.2 message', path.join(root, 'fixtures/messages/single-382.xml')],
    ['an official 4.3 sample', sample('ddex-official-ern43/1 Audio.xml')],
    ['a schema-invalid sample', sample('miqwit-dedex/005_not_valid_xsd.xml')],
    ['a truncated message', path.join(root, 'fixtures/bad/truncated.xml')],
    ['a billion-laughs message', path.join(root, 'fixtures/bad/billion-laughs.xml')],
    ['an unsupported version', path.join(root, 'fixtures/bad/unsupported-version.xml')],
    ['a folder without message', path.join(root, 'fixtures/bad/no-message')],
  ])('describes the report of %s', async (_, input) => {
    const report = JSON.parse(JSON.stringify(await validate(input)));
    const ok = check(report);
    expect(check.errors ?? [], JSON.stringify(check.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
  });

  it('describes a report with store verdicts', async () => {
    const report = JSON.parse(JSON.stringify(await validate(path.join(root, 'fixtures/batches/album-43'), { stores: ['spotify', 'youtube'] })));
    expect(Object.keys(report.stores)).toEqual(['spotify', 'youtube']);
    expect(check(report), JSON.stringify(check.errors?.slice(0, 3))).toBe(true);
    report.stores.spotify.checks[0].requirement = 'Not An Id';
    expect(check(report)).toBe(false);
  });

  it('rejects a report with an unknown verdict (the schema is not vacuous)', async () => {
    const report = JSON.parse(JSON.stringify(await validate(path.join(root, 'fixtures/messages/single-382.xml'))));
    report.verdict = 'maybe';
    expect(check(report)).toBe(false);
  });
});

/**
 * `ddex-check availability -f json` read back against schemas/availability.schema.json, in table
 * and answer form, on our fixtures and DDEX's samples of 3.8.2 and 4.3 (and a purge); and its
 * exit codes for usage errors and unreadable input.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { cli } from './cli-run.js';
import { ROOT, SHARED } from './golden-harness.js';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/availability.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const check = ajv.compile(schema);

const INPUTS = [
  path.join(ROOT, 'apps/cli/test/golden/availability/deals-382.xml'),
  path.join(ROOT, 'fixtures/batches/album-43'),
  path.join(SHARED, 'ddex/samples/ddex-official-ern43/3 MixedMedia.xml'),
  path.join(SHARED, 'ddex/samples/ddex-official-crt-ern382/Business Profiles Samples/LiveCycle_Takedown.xml'),
  path.join(SHARED, 'ddex/samples/audius-ddex-processor/03_delete.xml'),
];

describe('availability JSON Schema', () => {
  it.each([
    ['the table', [] as string[]],
    ['the answer for a territory and a day', ['--territory', 'DE', '--on', '2026-06-01']],
    ['the answer for anywhere today', ['--on', '2013-07-10']],
  ])('describes %s', async (_, options) => {
    const { code, stdout, stderr } = await cli(['availability', ...INPUTS, ...options, '-f', 'json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toHaveLength(INPUTS.length);
    const ok = check(out);
    expect(check.errors ?? [], JSON.stringify(check.errors?.slice(0, 3))).toEqual([]);
    expect(ok).toBe(true);
  });

  it('rejects an answer that breaks it (a release not available without its reason)', () => {
    const bad = [{ source: 'x.xml', ern_version: '4.3', territory: 'DE', on: '2026-01-01', releases: [{ reference: 'R0', ids: { icpn: null, grid: null, isrc: null, catalog_number: null, proprietary: [] }, title: null, available: false, uses: [] }] }];
    expect(check(bad)).toBe(false);
  });

  it('answers per release with the reason where nothing is offered', async () => {
    const { stdout } = await cli(['availability', INPUTS[0], '--territory', 'DE', '--on', '2026-06-01', '-f', 'json']);
    const [message] = JSON.parse(stdout);
    expect(message.releases.map((r: { reference: string; available: boolean; reason?: { kind: string } }) => [r.reference, r.available, r.reason?.kind])).toEqual([
      ['R0', false, 'takedown'],
      ['R1', false, 'expired'],
    ]);
  });
});

describe('availability exit codes', () => {
  it.each([
    ['a missing file', ['availability', 'no-such-file.xml'], /no-such-file\.xml does not exist/],
    ['an XML that is not ERN', ['availability', path.join(ROOT, 'fixtures/bad/unsupported-version.xml')], /unsupported-version\.xml: not an ERN 3\.7-4\.3 message/],
    ['a truncated message', ['availability', path.join(ROOT, 'fixtures/bad/truncated.xml')], /truncated\.xml: not well-formed XML at line \d+/],
    ['a date that is not one', ['availability', INPUTS[0], '--on', '2026-02-30'], /--on 2026-02-30: not a calendar date/],
    ['an unknown territory', ['availability', INPUTS[0], '--territory', 'XX'], /--territory XX: not a territory code/],
    ['no input', ['availability'], /missing required argument/],
  ])('exits 2 for %s, naming it', async (_, args, message) => {
    const { code, stdout, stderr } = await cli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });
});

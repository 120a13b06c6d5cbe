/**
 * The machine formats read back by their consumers' standards: SARIF against the SARIF 2.1.0 JSON
 * Schema (the schema file shipped by @microsoft/jest-sarif, draft-04, checked with ajv-draft-04),
 * JUnit through an XML parser (saxes), on real engine output for valid, invalid and mixed inputs.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { SaxesParser } from 'saxes';
import { resolveSettings } from '../src/check/settings.js';
import { cli } from './cli-run.js';
import { checkFails, reportFails, type Report } from '@ddex-check/engine';

const require = createRequire(import.meta.url);
const SARIF_SCHEMA = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));

const INPUTS = ['fixtures/cli/ok-43.xml', 'fixtures/cli/bad-codes-43.xml', 'fixtures/cli/schema-invalid-43.xml', 'fixtures/messages/single-382.xml', 'fixtures/bad/zip-slip.zip'];

describe('SARIF output', () => {
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv as never);
  const validateSarif = ajv.compile(SARIF_SCHEMA);

  it('validates against the SARIF 2.1.0 JSON Schema, with file, line and column on results', async () => {
    const { code, stdout } = await cli([...INPUTS, '-f', 'sarif', '-q']);
    expect(code).toBe(1);
    const log = JSON.parse(stdout);
    const valid = validateSarif(log);
    expect(validateSarif.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const results = log.runs[0].results as { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn?: number } } }[] }[];
    const isrc = results.find((r) => r.ruleId === 'codes-isrc-syntax')!;
    expect(isrc.locations[0].physicalLocation).toMatchObject({ artifactLocation: { uri: 'fixtures/cli/bad-codes-43.xml' }, region: { startLine: 36, startColumn: 11 } });
    const schema = results.filter((r) => r.ruleId === 'xml-schema-valid').map((r) => r.locations[0].physicalLocation.region?.startLine);
    const json = JSON.parse((await cli([...INPUTS, '-f', 'json', '-q'])).stdout) as Report[];
    const schemaErrors = json.flatMap((r) => r.checks).filter((c) => c.rule === 'xml-schema-valid' && c.status === 'error');
    expect(schema).toEqual(schemaErrors.map((c) => c.line));
    expect(schema.length).toBeGreaterThanOrEqual(2);
    // Every active rule is listed with its help text, and every result points at a listed rule.
    const rules = log.runs[0].tool.driver.rules as { id: string; help: { text: string } }[];
    expect(rules.length).toBeGreaterThanOrEqual(10);
    for (const rule of rules) expect(rule.help.text.length).toBeGreaterThan(10);
    for (const r of results) expect(rules.map((x) => x.id)).toContain(r.ruleId);
  });

  it('the validator catches a broken log (so the test above can fail)', () => {
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: {} }, results: [] }] })).toBe(false);
    expect(validateSarif({ version: '2.0.0', runs: [] })).toBe(false);
  });
});

describe('JUnit output', () => {
  it('is well-formed XML with one testsuite per input and failures only at or above the threshold', async () => {
    const json = JSON.parse((await cli([...INPUTS, '-f', 'json', '-q'])).stdout) as Report[];
    for (const failOn of ['rejected', 'warnings'] as const) {
      // Expected from the JSON reports: checks at or above the threshold, plus the verdict case.
      const expectedFailures = json.map((r) => r.checks.filter((c) => checkFails(c, failOn)).length + (reportFails(r, failOn) ? 1 : 0));
      const { stdout } = await cli([...INPUTS, '-f', 'junit', '-q', '--fail-on', failOn]);
      const suites: { name: string; failures: number; tests: number; counted: number }[] = [];
      const parser = new SaxesParser();
      parser.on('opentag', (tag) => {
        const a = tag.attributes as Record<string, string>;
        if (tag.name === 'testsuite') suites.push({ name: a.name, failures: Number(a.failures), tests: Number(a.tests), counted: 0 });
        if (tag.name === 'failure') suites.at(-1)!.counted++;
      });
      parser.write(stdout).close();
      expect(suites.map((s) => s.name)).toEqual(INPUTS);
      // The attribute agrees with the <failure> elements actually written (verdict case included).
      expect(suites.map((s) => s.counted)).toEqual(suites.map((s) => s.failures));
      expect(suites.map((s) => s.failures)).toEqual(expectedFailures);
      expect(suites[0].failures).toBe(0); // ok-43
      expect(suites[1].failures).toBe(3); // bad-codes-43: ISRC, ICPN, verdict
    }
    // single-382 (a legacy-version warning) fails only with --fail-on warnings.
    expect(json[3].summary.warnings).toBeGreaterThan(0);
  });
});

describe('the recordings that would be created', () => {
  it('are in the JSON output, alone or written beside another format', async () => {
    const alone = JSON.parse((await cli(['fixtures/cli/ok-43.xml', '-f', 'json', '-q'])).stdout) as Report[];
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ddex-formats-')), 'report.json');
    const beside = await cli(['fixtures/cli/ok-43.xml', '-f', 'text', '-f', 'json', '-o', file, '-q']);
    expect(beside.stdout).toContain('would import');
    const written = JSON.parse(readFileSync(file, 'utf8')) as Report[];
    const recordings = (reports: Report[]) => reports[0].would_create.recordings.map((r) => r.reference);
    expect(recordings(alone).length).toBeGreaterThan(0);
    expect(recordings(written)).toEqual(recordings(alone));
  });

  it('are asked of the engine only for an output that prints them (JSON)', async () => {
    const asked = async (formats: string[]) => (await resolveSettings(['fixtures/cli/ok-43.xml'], { failOn: 'rejected', media: true, config: false }, formats.map((format, i) => ({ format, file: i === 0 ? null : `out-${i}` })), process.cwd())).validate.recordings;
    expect(await asked(['text'])).toBe(false);
    expect(await asked(['sarif', 'junit', 'github'])).toBe(false);
    // Streamed: read from the model as the JSON is written (a message kept as bytes), never held as objects.
    expect(await asked(['text', 'json'])).toBe('stream');
    expect(await asked(['json'])).toBe('stream');
  });
});

import { describe, expect, it } from 'vitest';
import { sarif } from '../sarif.js';
import type { FormatterContext } from '../types.js';
import { check, rejectedReport, report } from './reports.js';

const ctx: FormatterContext = {
  failOn: 'rejected',
  color: false,
  cwd: '/work',
  tool: { name: 'ddex-check', version: '1.2.3' },
  rules: [
    {
      id: 'codes-isrc-syntax',
      stage: 'codes',
      label: 'ISRC syntax',
      description: 'ISRCs are 12 characters.',
      help: 'Send the ISRC without dashes.',
      severity: 'error',
      helpUri: 'https://example.org/codes-isrc-syntax/README.md',
      sources: [{ kind: 'iso', ref: 'ISO 3901 (ISRC)', url: 'https://isrc.ifpi.org/' }, { kind: 'service', ref: 'our decision' }],
    },
    { id: 'codes-upc-checksum', stage: 'codes', label: 'UPC checksum', description: 'UPC check digit.', help: 'Fix the check digit.', severity: 'warn' },
  ],
};

describe('sarif formatter', () => {
  it('lists every active rule and rules named by checks, and locates results', () => {
    const log = JSON.parse(sarif([rejectedReport()], ctx));
    const run = log.runs[0];
    expect(log.version).toBe('2.1.0');
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['codes-isrc-syntax', 'codes-upc-checksum', 'deals-territory-known', 'xml-schema-valid']);
    expect(run.tool.driver.rules[0].help.text).toBe('Send the ISRC without dashes.');
    expect(run.results).toHaveLength(2);
    const [isrc, territory] = run.results;
    expect(isrc).toMatchObject({
      ruleId: 'codes-isrc-syntax',
      ruleIndex: 0,
      level: 'error',
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: 'deliveries/batch-1/message.xml', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 11 } },
          logicalLocations: [{ fullyQualifiedName: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC' }],
        },
      ],
    });
    expect(territory).toMatchObject({ ruleId: 'deals-territory-known', ruleIndex: 2, level: 'warning' });
    // The skipped schema check is a notification about the run, not a result.
    expect(run.invocations[0].toolExecutionNotifications[0].associatedRule).toEqual({ id: 'xml-schema-valid', index: 3 });
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe('file:///work/');
  });

  it('gives each rule its README as helpUri and its sources in its properties', () => {
    const [isrc, upc] = JSON.parse(sarif([rejectedReport()], ctx)).runs[0].tool.driver.rules;
    expect(isrc.helpUri).toBe('https://example.org/codes-isrc-syntax/README.md');
    expect(isrc.properties).toEqual({
      stage: 'codes',
      sources: [{ kind: 'iso', ref: 'ISO 3901 (ISRC)', url: 'https://isrc.ifpi.org/' }, { kind: 'service', ref: 'our decision' }],
    });
    // A rule the caller gave no sources for has none listed, rather than an empty list.
    expect(upc.properties).toEqual({ stage: 'codes' });
  });

  it('keeps fingerprints stable when only the line moves', () => {
    const a = JSON.parse(sarif([rejectedReport()], ctx)).runs[0].results[0];
    const moved = rejectedReport();
    moved.checks[0].line = 40;
    const b = JSON.parse(sarif([moved], ctx)).runs[0].results[0];
    expect(b.partialFingerprints).toEqual(a.partialFingerprints);
  });

  it('does not put zip entry lines on the zip', () => {
    const r = report({ source: 'b.zip', checks: [check({ rule: 'codes-isrc-syntax', status: 'error', file: 'm.xml', line: 2, column: 3, message: 'bad' })] });
    const result = JSON.parse(sarif([r], ctx)).runs[0].results[0];
    expect(result.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'b.zip', uriBaseId: '%SRCROOT%' } });
    expect(result.message.text).toBe('bad (in m.xml:2:3)');
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, rejectedReport } from '../report/formatters/__tests__/reports.js';
import { applyBaseline, baselineOf, BaselineMatcher, parseBaseline } from './index.js';

const dir = path.resolve('ci');

describe('baseline', () => {
  it('records findings by source, file, rule, path and message id, not by line', () => {
    const baseline = baselineOf([rejectedReport()], dir);
    expect(baseline.entries).toEqual([
      {
        source: '../deliveries/batch-1',
        file: 'message.xml',
        rule: 'codes-isrc-syntax',
        field: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC',
        message: 'syntax',
        count: 1,
      },
      {
        source: '../deliveries/batch-1',
        file: 'message.xml',
        rule: 'deals-territory-known',
        field: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode',
        message: 'unknown',
        count: 1,
      },
    ]);
  });

  it('drops known findings even when lines moved, and recomputes verdict, summary and release outcome', () => {
    const baseline = parseBaseline(JSON.parse(JSON.stringify(baselineOf([rejectedReport()], dir))), 'b.json');
    const moved = rejectedReport();
    moved.checks[0].line = 90;
    const [{ report, baselined }] = applyBaseline([moved], new BaselineMatcher(baseline, dir));
    expect(baselined).toBe(2);
    expect(report.verdict).toBe('would_import');
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0, skipped: 1, pass: 1 });
    expect(report.releases[0]).toMatchObject({ outcome: 'created', errors: 0 });
    expect(report.checks.map((c) => c.rule)).toEqual(['xml-schema-valid', 'codes-upc-checksum']);
  });

  it('reports a new finding: another path, another source, or one copy more than recorded', () => {
    const baseline = baselineOf([rejectedReport()], dir);
    const next = rejectedReport();
    next.checks.push({ ...next.checks[0], line: 7 }, check({ rule: 'codes-isrc-syntax', status: 'error', field: '/Other', release: 'R1', message_id: 'syntax' }));
    const [{ report }] = applyBaseline([next], new BaselineMatcher(baseline, dir));
    expect(report.verdict).toBe('would_be_rejected');
    expect(report.checks.filter((c) => c.status === 'error').map((c) => [c.line, c.field])).toEqual([
      [7, '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC'],
      [null, '/Other'],
    ]);
    expect(report.releases[0].outcome).toBe('left_out');
    const elsewhere = { ...rejectedReport(), source: 'deliveries/batch-2' };
    expect(applyBaseline([elsewhere], new BaselineMatcher(baseline, dir))[0].baselined).toBe(0);
  });

  it('keeps a release left out while a finding without a release (resource-level) remains in its message', () => {
    const resourceError = check({ rule: 'codes-isrc-syntax', status: 'error', field: '/R/ISRC', resource: 'A1', message_id: 'syntax' });
    const before = rejectedReport();
    before.checks = [resourceError];
    before.releases[0].errors = 1;
    const baseline = baselineOf([before], dir);
    const [{ report: cleared }] = applyBaseline([before], new BaselineMatcher(baseline, dir));
    expect(cleared.releases[0]).toMatchObject({ outcome: 'created', errors: 0 });
    const after = rejectedReport();
    after.checks = [resourceError, check({ rule: 'codes-isrc-syntax', status: 'error', field: '/R/ISRC2', resource: 'A2', message_id: 'syntax' })];
    after.releases[0].errors = 2;
    const [{ report }] = applyBaseline([after], new BaselineMatcher(baseline, dir));
    expect(report.releases[0]).toMatchObject({ outcome: 'left_out', errors: 1 });
  });

  it('refuses a file that is not a baseline', () => {
    expect(() => parseBaseline({ entries: [] }, 'b.json')).toThrow('b.json: not a ddex-check baseline');
    expect(() => parseBaseline({ version: 1, entries: [{ rule: 'x' }] }, 'b.json')).toThrow('b.json: entries[0] needs');
  });
});

import { describe, expect, it } from 'vitest';
import { github } from '../github.js';
import { check, rejectedReport, report } from './reports.js';

const ctx = { failOn: 'rejected' as const, color: false, cwd: '/work', tool: { name: 'ddex-check', version: '0.0.0' } };

describe('github formatter', () => {
  it('writes one workflow command per finding with file, line and column, then verdict lines', () => {
    const lines = github([rejectedReport()], ctx).trimEnd().split('\n');
    expect(lines).toEqual([
      '::error file=deliveries/batch-1/message.xml,line=3,col=11,title=codes-isrc-syntax (release R1)::ISRC "GBAYE0000" is not 12 characters CCXXXYYNNNNN%0Aat /NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC%0Ahint: Send the ISRC as 12 characters without dashes.',
      '::warning file=deliveries/batch-1/message.xml,line=5,col=1,title=deals-territory-known (release R1)::Territory "XX" is not sold in%0Aat /NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode%0Ahint: Remove the territory or add it to the profile.',
      'FAIL deliveries/batch-1: would_be_rejected (1 errors, 1 warnings, 1 skipped)',
    ]);
  });

  it('writes info findings as notices and leaves skipped checks to the verdict line', () => {
    const r = report({ checks: [check({ rule: 'codes-isrc-syntax', status: 'pass', severity: 'info', message: 'lower case' }), check({ rule: 'xml-schema-valid', status: 'skipped' })] });
    expect(github([r], ctx).split('\n')).toEqual([
      '::notice file=deliveries/batch-1/message.xml,title=codes-isrc-syntax::lower case',
      'ok deliveries/batch-1: would_import (0 errors, 0 warnings, 1 skipped)',
      '',
    ]);
  });

  it('escapes properties and data, and names the zip with the entry in the text', () => {
    const r = report({
      source: '/work/in/a,b.zip',
      checks: [check({ rule: 'codes-isrc-syntax', status: 'error', file: 'x/m.xml', line: 2, column: 3, message: '100% wrong\nreally' })],
    });
    const [line] = github([r], ctx).split('\n');
    expect(line).toBe('::error file=in/a%2Cb.zip,title=codes-isrc-syntax::100%25 wrong%0Areally%0Aat x/m.xml:2:3');
  });
});

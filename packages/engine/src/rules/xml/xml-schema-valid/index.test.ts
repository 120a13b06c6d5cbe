import { describe, expect, it } from 'vitest';
import { lineOf, runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('xml-schema-valid', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the valid %s base message', async (version) => {
    const run = await runRule('xml-schema-valid', { version });
    expect(run.findings).toEqual([]);
    expect(run.all.map((c) => c.status)).toEqual(['pass']);
  });

  it('reports every schema error with its line and DDEX path (4.3)', async () => {
    const run = await runRule('xml-schema-valid', {
      version: '4.3',
      edits: [
        ['<ReleaseType>Single</ReleaseType>', '<ReleaseType>NotAType</ReleaseType>'],
        ['<Type>FrontCoverImage</Type>', '<Type>FrontCoverImage</Type><Bogus/>'],
      ],
    });
    expectFindings(run, run.xml, [{ id: 'invalid', at: '<Bogus/>', path: '/NewReleaseMessage/ResourceList/Image/Bogus' }, { id: 'invalid', at: '<ReleaseType>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseType' }]);
    expect(run.findings.length).toBeGreaterThanOrEqual(2);
    expect(run.findings.every((c) => c.status === 'error')).toBe(true);
    const releaseType = run.findings.find((c) => c.field.endsWith('/ReleaseType'));
    expect(releaseType).toMatchObject({ line: lineOf(run.xml, 'NotAType'), field: '/NewReleaseMessage/ReleaseList/Release/ReleaseType', release: 'R0' });
    expect(run.findings.find((c) => c.line === lineOf(run.xml, '<Bogus/>'))).toMatchObject({ resource: 'A3', release: null });
  });

  it('reports a missing required element (3.8.2)', async () => {
    const run = await runRule('xml-schema-valid', { version: '3.8.2', edits: [['<MessageCreatedDateTime>2026-11-01T10:00:00Z</MessageCreatedDateTime>', '']] });
    expectFindings(run, run.xml, [{ id: 'invalid', at: '<MessageHeader>', path: '/NewReleaseMessage/MessageHeader' }]);
    expect(run.findings.length).toBeGreaterThanOrEqual(1);
    expect(run.findings[0].message).toMatch(/MessageCreatedDateTime|Missing|expected/i);
  });
});

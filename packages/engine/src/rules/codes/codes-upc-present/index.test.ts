import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('codes-upc-present', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('codes-upc-present', { version })).findings).toEqual([]);
  });
  it('ERN 4.3: a release identified by a GRid only', async () => {
    const run = await runRule('codes-upc-present', { version: '4.3', edits: [['<ICPN>5012345678900</ICPN>', '<GRid>A12425GABC1234002M</GRid>']] });
    expectFindings(run, run.xml, [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'warning', message_id: 'missing', release: 'R0' });
    expect(run.findings[0].message).toMatch(/only by GRid/);
  });
  it('ERN 3.8.2: a release with a catalog number only', async () => {
    const run = await runRule('codes-upc-present', { version: '3.8.2', edits: [['<ICPN IsEan="true">5012345678917</ICPN>', '']] });
    expectFindings(run, run.xml, [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['missing']);
  });
});

import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('codes-catalog-number-present', () => {
  it('passes the 3.8.2 base message (NWR-0001)', async () => {
    expect((await runRule('codes-catalog-number-present', { version: '3.8.2' })).findings).toEqual([]);
  });
  it('passes the 4.3 base message (NWR-0002)', async () => {
    expect((await runRule('codes-catalog-number-present', { version: '4.3' })).findings).toEqual([]);
  });
  it('ERN 4.3: a release without CatalogNumber gets a warning', async () => {
    const run = await runRule('codes-catalog-number-present', { version: '4.3', edits: [['<CatalogNumber Namespace="PADPIDA2024010101X">NWR-0002</CatalogNumber>', '']] });
    expectFindings(run, run.xml, [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'warning', message_id: 'missing', release: 'R0' });
  });
  it('ERN 3.8.2: an empty CatalogNumber counts as none', async () => {
    const run = await runRule('codes-catalog-number-present', { version: '3.8.2', edits: [['>NWR-0001<', '><']] });
    expectFindings(run, run.xml, [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['missing']);
  });
});

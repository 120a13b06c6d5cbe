import { describe, expect, it } from 'vitest';
import { validate } from '../../../validate.js';
import { baseMessage, runRule } from '../../testing/rule-tester.js';
import { JsonCatalog } from '../../../catalog/json-catalog.js';
import { expectFindings } from '../../testing/pin.js';

const catalog = (live: boolean, owner = 'member-1', upc = '5012345678900') => new JsonCatalog('member-1', [{ upc, memberId: owner, live, title: 'Harbour Lights' }]);

describe('codes-upc-live-update', () => {
  it('passes without a catalog, for a release that is not live, and for another member\'s UPC', async () => {
    expect((await runRule('codes-upc-live-update', { version: '4.3' })).findings).toEqual([]);
    expect((await runRule('codes-upc-live-update', { version: '4.3', catalog: catalog(false) })).findings).toEqual([]);
    expect((await runRule('codes-upc-live-update', { version: '4.3', catalog: catalog(true, 'member-2') })).findings).toEqual([]);
  });
  it.each([
    ['4.3', '5012345678900'],
    ['3.8.2', '5012345678917'],
  ] as const)('ERN %s: an update of a live release needs staff', async (version, upc) => {
    const run = await runRule('codes-upc-live-update', { version, catalog: catalog(true, 'member-1', upc) });
    expectFindings(run, run.xml, [{ id: 'live', at: '<ICPN', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings[0]).toMatchObject({ status: 'warning', release: 'R0', needs_staff: true });
    expect(run.findings[0].message).toMatch(/already live as "Harbour Lights"/);
  });

  it.each([
    ['4.3', 'approved', 'approved'],
    ['3.8.2', 'taken_down', 'taken down'],
    ['4.3', 'archived', 'archived'],
  ] as const)('ERN %s: an update of a release %s by staff needs staff even before it is live', async (version, status, said) => {
    const upc = version === '4.3' ? '5012345678900' : '5012345678917';
    const run = await runRule('codes-upc-live-update', { version, catalog: JsonCatalog.fromValue({ memberId: 'member-1', releases: [{ upc, memberId: 'member-1', live: false, status, title: 'Harbour Lights' }] }) });
    expectFindings(run, run.xml, [{ id: 'decided', at: '<ICPN', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings[0]).toMatchObject({ status: 'warning', release: 'R0', needs_staff: true });
    expect(run.findings[0].message).toBe(`Release R0 (UPC ${upc}) is already ${said} by staff as "Harbour Lights"; this delivery updates it and needs a staff review.`);
  });

  it('passes a draft still in review or sent back for changes, and refuses an unknown status in a catalog file', async () => {
    for (const status of ['in_review', 'changes_requested']) {
      const catalog = JsonCatalog.fromValue({ memberId: 'member-1', releases: [{ upc: '5012345678900', memberId: 'member-1', live: false, status }] });
      expect((await runRule('codes-upc-live-update', { version: '4.3', catalog })).findings).toEqual([]);
    }
    expect(() => JsonCatalog.fromValue({ memberId: 'member-1', releases: [{ upc: '5012345678900', memberId: 'member-1', status: 'live' }] })).toThrow(/releases\[0\]\.status must be one of in_review, changes_requested, approved, taken_down, archived/);
  });

  it('shares one catalog lookup per UPC with codes-upc-owner (the server asks its database once)', async () => {
    const asked: string[] = [];
    const counting = {
      memberId: 'member-1',
      findRelease: async (upc: string) => (asked.push(upc), { upc, memberId: 'member-1', live: true, title: 'Harbour Lights' }),
      findRecording: async () => null,
    };
    const report = await validate(Buffer.from(baseMessage('4.3')), { name: 'message.xml', media: false, catalog: counting });
    expect(asked).toEqual(['5012345678900']);
    expect(report.checks.filter((c) => c.rule === 'codes-upc-live-update' && c.status === 'warning')).toHaveLength(1);
    expect(report.releases[0].outcome).toBe('flagged');
  });
});

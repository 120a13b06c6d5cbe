import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { validate } from '../../../validate.js';
import { baseMessage } from '../../testing/rule-tester.js';
import { JsonCatalog } from '../../../catalog/json-catalog.js';
import { expectFindings } from '../../testing/pin.js';

const catalog = (owner: string, upc = '5012345678900') => new JsonCatalog('member-1', [{ upc, memberId: owner, live: false }]);

describe('codes-upc-owner', () => {
  it('passes without a catalog, and when the UPC is unknown', async () => {
    expect((await runRule('codes-upc-owner', { version: '4.3' })).findings).toEqual([]);
    expect((await runRule('codes-upc-owner', { version: '4.3', catalog: catalog('member-2', '0000000000000') })).findings).toEqual([]);
  });
  it.each([
    ['4.3', '5012345678900'],
    ['3.8.2', '5012345678917'],
  ] as const)('ERN %s: a UPC held by another member is flagged for staff, naming nobody', async (version, upc) => {
    const run = await runRule('codes-upc-owner', { version, catalog: catalog('member-2', upc) });
    expectFindings(run, run.xml, [{ id: 'otherMember', at: '<ICPN', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings[0]).toMatchObject({ status: 'warning', needs_staff: true, release: 'R0' });
    expect(run.findings[0].message).not.toMatch(/member-2/);
    // The same words whoever holds it.
    const other = await runRule('codes-upc-owner', { version, catalog: catalog('member-99', upc) });
    expectFindings(other, other.xml, [{ id: 'otherMember', at: '<ICPN', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(other.findings[0].message).toBe(run.findings[0].message);
  });
  it('makes the verdict "flagged" and the release outcome flagged', async () => {
    const report = await validate(Buffer.from(baseMessage('4.3')), { name: 'message.xml', media: false, catalog: catalog('member-2') });
    expect(report.verdict).toBe('would_be_flagged');
    expect(report.releases.find((r) => r.reference === 'R0')?.outcome).toBe('flagged');
  });
  it('matches a 12-digit UPC against its 13-digit EAN form', async () => {
    const run = await runRule('codes-upc-owner', { version: '4.3', edits: [['<ICPN>5012345678900</ICPN>', '<ICPN>036000291452</ICPN>']], catalog: catalog('member-2', '0036000291452') });
    expectFindings(run, run.xml, [{ id: 'otherMember', at: '<ICPN>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['otherMember']);
  });
  it('a UPC already on this member makes the release an update', async () => {
    const report = await validate(Buffer.from(baseMessage('4.3')), { name: 'message.xml', media: false, catalog: catalog('member-1') });
    expect(report.checks.filter((c) => c.rule === 'codes-upc-owner' && c.status !== 'pass')).toEqual([]);
    expect(JSON.stringify(report)).toMatch(/"updated"/);
  });

  it('is not reported at all without a catalog (not checked is not a pass), and passes with one', async () => {
    const without = await runRule('codes-upc-owner', { version: '4.3' });
    expect(without.all).toEqual([]);
    const withCatalog = await runRule('codes-upc-owner', { version: '4.3', catalog: catalog('member-2', '0000000000000') });
    expect(withCatalog.all.map((c) => c.status)).toEqual(['pass']);
  });
});

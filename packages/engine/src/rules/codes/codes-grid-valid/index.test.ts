import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

const icpn43 = '<ICPN>5012345678900</ICPN>';
const icpn382 = '<ICPN IsEan="true">5012345678917</ICPN>';

describe('codes-grid-valid', () => {
  it.each([
    ['4.3', icpn43, `<GRid>A12425GABC1234002M</GRid>${icpn43}`, null],
    ['4.3', icpn43, `<GRid>A12425GABC1234002N</GRid>${icpn43}`, 'checkChar'],
    ['4.3', icpn43, `<GRid>A1-2425G-ABC1234002-M</GRid>${icpn43}`, 'syntax'],
    ['3.8.2', icpn382, `<GRid>A12425GABC1234002M</GRid>${icpn382}`, null],
    ['3.8.2', icpn382, `<GRid>a12425gabc1234002m</GRid>${icpn382}`, 'syntax'],
    ['3.8.2', icpn382, `<GRid>A12425GABC1234003M</GRid>${icpn382}`, 'checkChar'],
  ] as const)('ERN %s: %s -> %s', async (version, search, replace, messageId) => {
    const run = await runRule('codes-grid-valid', { version, edits: [[search, replace]] });
    if (!messageId) return expect(run.findings).toEqual([]);
    expectFindings(run, run.xml, [{ id: messageId, at: '<GRid>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/GRid' }]);
    expect(run.findings[0]).toMatchObject({ status: 'warning', release: 'R0' });
  });
  it('is an error in ddex:strict', async () => {
    const run = await runRule('codes-grid-valid', { version: '4.3', severity: 'error', edits: [[icpn43, `<GRid>A12425GABC1234002N</GRid>${icpn43}`]] });
    expectFindings(run, run.xml, [{ id: 'checkChar', at: '<GRid>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/GRid' }]);
    expect(run.findings[0].status).toBe('error');
  });
});

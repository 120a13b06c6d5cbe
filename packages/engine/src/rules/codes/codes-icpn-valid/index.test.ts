import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { gtinCheckDigit, gtinProblem } from '../../../codes/gtin.js';
import { expectFindings } from '../../testing/pin.js';

describe('GS1 check digit', () => {
  it.each(['036000291452', '5012345678900', '4006381333931', '96385074', '10614141000415'])('accepts %s', (code) => {
    expect(gtinProblem(code)).toBeNull();
  });
  it('computes the digit for UPC-A 03600029145_', () => expect(gtinCheckDigit('03600029145')).toBe(2));
});

describe('codes-icpn-valid', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('codes-icpn-valid', { version })).findings).toEqual([]);
  });
  it('passes the 12-digit UPC 036000291452', async () => {
    const run = await runRule('codes-icpn-valid', { version: '4.3', edits: [['<ICPN>5012345678900</ICPN>', '<ICPN>036000291452</ICPN>']] });
    expect(run.findings).toEqual([]);
  });

  it.each([
    ['4.3', '<ICPN>5012345678900</ICPN>', '<ICPN>5012345678901</ICPN>', 'checkDigit', /check digit 1.*call for 0/],
    ['4.3', '<ICPN>5012345678900</ICPN>', '<ICPN>50123456789</ICPN>', 'length', /11 digits/],
    ['4.3', '<ICPN>5012345678900</ICPN>', '<ICPN>5012-3456-7890</ICPN>', 'characters', /digits only/],
    ['3.8.2', '<ICPN IsEan="true">5012345678917</ICPN>', '<ICPN IsEan="true">5012345678911</ICPN>', 'checkDigit', /call for 7/],
  ] as const)('ERN %s: %s -> %s', async (version, search, replace, messageId, text) => {
    const run = await runRule('codes-icpn-valid', { version, edits: [[search, replace]] });
    expectFindings(run, run.xml, [{ id: messageId, at: replace, path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', release: 'R0' });
    expect(run.findings[0].message).toMatch(text);
  });
});

import { describe, expect, it } from 'vitest';
import { baseMessage, runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

const withoutDeals = (xml: string) => xml.slice(0, xml.indexOf('<DealList>')) + xml.slice(xml.indexOf('</DealList>') + '</DealList>'.length);

describe('deals-present', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the %s base message', async (version) => {
    expect((await runRule('deals-present', { version })).findings).toEqual([]);
  });
  it.each(['4.3', '3.8.2'] as const)('reports a %s message without DealList', async (version) => {
    const run = await runRule('deals-present', { version, xml: withoutDeals(baseMessage(version)) });
    expectFindings(run, run.xml, [{ id: 'none', at: '<ern:NewReleaseMessage', path: '/NewReleaseMessage' }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', stage: 'deals' });
  });
});

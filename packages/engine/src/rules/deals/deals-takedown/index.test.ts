import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

const ended = (validity: string) => validity.replace('2026-12-04</StartDate>', '2019-01-01</StartDate>\n            <EndDate>2020-06-30</EndDate>');

ruleTable('deals-takedown', [
  {
    name: 'every deal ended in 2020',
    version: '4.3',
    edits: [[F43.streamValidity, ended(F43.streamValidity)], [F43.downloadValidity, ended(F43.downloadValidity)]],
    findings: [{ id: 'ended', at: '<Deal>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal' }],
    status: 'warning',
    check: (run) => expect(run.findings[0]).toMatchObject({ needs_staff: true, release: 'R0' }),
  },
  { name: 'one deal ended, the other runs on', version: '4.3', edits: [[F43.streamValidity, ended(F43.streamValidity)]], ids: [] },
  { name: 'TakeDown deal', version: '3.8.2', edits: [[F382.downloadTerms, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>']], findings: [{ id: 'takeDown', at: ['</Deal>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]' }], check: (run) => expect(run.findings[0]).toMatchObject({ needs_staff: true, message: 'The deal for R0, R1 is a TakeDown: the release is to be removed from sale.' }) },
  { name: 'AllDealsCancelled', version: '3.8.2', edits: [[F382.downloadTerms, '<AllDealsCancelled>true</AllDealsCancelled>\n          <TerritoryCode>Worldwide</TerritoryCode>']], findings: [{ id: 'allCancelled', at: ['</Deal>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]' }], check: (run) => expect(run.findings[0].message).toBe('The deal for R0, R1 cancels all deals (AllDealsCancelled).') },
]);

import { describe, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { expectFindings } from '../../testing/pin.js';

describe('deals-takedown on a PurgeReleaseMessage', () => {
  it.each([
    ['3.8.2', 'http://ddex.net/xml/ern/382', ' MessageSchemaVersionId="ern/382"'],
    ['4.3', 'http://ddex.net/xml/ern/43', ' AvsVersionId="3"'],
  ] as const)('ERN %s: the purged release is flagged for staff', async (version, ns, attrs) => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ern:PurgeReleaseMessage xmlns:ern="${ns}"${attrs} LanguageAndScriptCode="en">
  <MessageHeader><MessageId>p1</MessageId><MessageSender><PartyId>PADPIDA2024010101X</PartyId></MessageSender><MessageRecipient><PartyId>PADPIDA2024010102Y</PartyId></MessageRecipient><MessageCreatedDateTime>2026-11-01T10:00:00Z</MessageCreatedDateTime></MessageHeader>
  <PurgedRelease><ReleaseId><ICPN>5012345678900</ICPN></ReleaseId></PurgedRelease>
</ern:PurgeReleaseMessage>`;
    const run = await runRule('deals-takedown', { version, xml });
    expectFindings(run, run.xml, [{ id: 'purge', at: '<PurgedRelease>', path: '/PurgeReleaseMessage/PurgedRelease' }]);
    expect(run.findings[0]).toMatchObject({ needs_staff: true, status: 'warning' });
    expect(run.findings[0].message).toMatch(/5012345678900/);
  });
});

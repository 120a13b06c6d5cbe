import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';

const YOUTUBE = { partyIds: ['PADPIDA2013020802I', 'PADPIDA2015120100H', 'PADPIDA2022021109P'] };
const RECIPIENT = '<PartyId>PADPIDA2024010102Y</PartyId>';

ruleTable('release-recipient-accepted', [
  {
    name: 'addressed to another party',
    version: '4.3',
    options: YOUTUBE,
    findings: [{ id: 'notAddressed', at: '<MessageRecipient>', path: '/NewReleaseMessage/MessageHeader/MessageRecipient' }],
    status: 'error',
    check: (run) => {
      expect(run.findings[0].message).toBe('The message is addressed to PADPIDA2024010102Y; none is the store (PADPIDA2013020802I, PADPIDA2015120100H, PADPIDA2022021109P).');
      expect(run.findings[0].field).toBe('/NewReleaseMessage/MessageHeader/MessageRecipient');
    },
  },
  { name: 'addressed to YouTube_ContentID', version: '4.3', options: YOUTUBE, edits: [[RECIPIENT, '<PartyId>PADPIDA2015120100H</PartyId>']], ids: [] },
  { name: 'addressed to YouTube', version: '3.8.2', options: YOUTUBE, edits: [[RECIPIENT, '<PartyId>PADPIDA2013020802I</PartyId>']], ids: [] },
  { name: 'addressed to another party', version: '3.8.2', options: YOUTUBE, findings: [{ id: 'notAddressed', at: '<MessageRecipient>', path: '/NewReleaseMessage/MessageHeader/MessageRecipient' }] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-label-present', [
  { name: 'label party without a name', version: '4.3', edits: [['<PartyReference>PLabel1</PartyReference>\n      <PartyName>\n        <FullName>Northwind Records</FullName>\n      </PartyName>', '<PartyReference>PLabel1</PartyReference>\n      <PartyId><DPID>PADPIDA2024010101X</DPID></PartyId>']], findings: [{ id: 'unnamed', at: '<Party>\n      <PartyReference>PLabel1</PartyReference>', path: '/NewReleaseMessage/PartyList/Party[2]' }], status: 'error' },
  { name: 'label name on the release', version: '4.3', edits: [[F43.labelPartyName, F43.labelPartyName]], ids: [] },
  { name: 'no LabelName', version: '3.8.2', edits: [[F382.releaseDisplayTitle, F382.releaseDisplayTitle.replace('<LabelName>Northwind Records</LabelName>\n        ', '')]], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

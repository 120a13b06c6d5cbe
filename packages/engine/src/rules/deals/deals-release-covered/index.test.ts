import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-release-covered', [
  { name: 'deals only for the track releases', version: '4.3', edits: [[F43.dealReleaseR0, '<DealReleaseReference>R1</DealReleaseReference>']], findings: [{ id: 'noDeal', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'deals only for the track release', version: '3.8.2', edits: [[F382.dealReleaseR0, '<DealReleaseReference>R1</DealReleaseReference>']], findings: [{ id: 'noDeal', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

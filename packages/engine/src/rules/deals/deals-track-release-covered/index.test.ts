import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-track-release-covered', [
  { name: 'track release R2 left out of the deals of R1', version: '4.3', edits: [['<DealReleaseReference>R2</DealReleaseReference>\n', '']], findings: [{ id: 'noDeal', at: '<TrackRelease>\n      <ReleaseReference>R2</ReleaseReference>', path: '/NewReleaseMessage/ReleaseList/TrackRelease[2]' }], status: 'warning' },
  { name: 'no track release has a deal (album-only sale)', version: '3.8.2', edits: [[F382.dealReleaseR0, '<DealReleaseReference>R0</DealReleaseReference>']], ids: [] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-main-present', [
  { name: 'main release flagged', version: '3.8.2', ids: [] },
  { name: 'no flag, but one product release besides the track release', version: '3.8.2', edits: [[F382.mainFlag, '<Release>']], ids: [] },
  { name: 'no flag and the product typed as a track release', version: '3.8.2', edits: [[F382.mainFlag, '<Release>'], [F382.releaseType, '<ReleaseType>TrackRelease</ReleaseType>']], findings: [{ id: 'none3', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'two releases flagged', version: '3.8.2', edits: [['<Release>\n      <ReleaseId>\n        <ISRC>', '<Release IsMainRelease="true">\n      <ReleaseId>\n        <ISRC>']], findings: [{ id: 'several', at: ['</Release>', '<Release IsMainRelease="true">'], path: '/NewReleaseMessage/ReleaseList/Release[2]' }] },
  { name: 'only track releases', version: '4.3', edits: [['<Release>\n      <ReleaseReference>R0</ReleaseReference>', '<TrackRelease>\n      <ReleaseReference>R0</ReleaseReference>'], ['      </ResourceGroup>\n    </Release>', '      </ResourceGroup>\n    </TrackRelease>']], findings: [{ id: 'none4', at: '<TrackRelease>', path: '/NewReleaseMessage/ReleaseList/TrackRelease' }] },
  { name: 'main release present', version: '4.3', edits: [[F43.releaseType, F43.releaseType]], ids: [] },
]);

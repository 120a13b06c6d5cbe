import { ruleTable } from '../../testing/expect-finding.js';
import { F382 } from '../../testing/base-fragments.js';

ruleTable('release-main-flagged', [
  { name: 'flag removed', version: '3.8.2', edits: [[F382.mainFlag, '<Release>']], findings: [{ id: 'unflagged', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'flag removed and no release can be taken as main', version: '3.8.2', edits: [[F382.mainFlag, '<Release>'], [F382.releaseType, '<ReleaseType>TrackRelease</ReleaseType>']], ids: [] },
]);

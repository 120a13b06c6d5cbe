import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-main-id-present', [
  { name: 'GRid only', version: '4.3', edits: [[F43.icpn, '<GRid>A12425GABC1234002M</GRid>']], ids: [] },
  { name: 'empty ReleaseId', version: '4.3', edits: [[F43.icpn, '']], findings: [{ id: 'none', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'catalog number only', version: '3.8.2', edits: [[F382.icpn, '']], findings: [{ id: 'none', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

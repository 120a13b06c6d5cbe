import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-cline-present', [
  { name: 'no C-line', version: '4.3', edits: [[F43.cLine, '']], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'no C-line', version: '3.8.2', edits: [[F382.cLine, '']], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

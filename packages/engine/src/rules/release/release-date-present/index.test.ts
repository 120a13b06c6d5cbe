import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-date-present', [
  { name: 'no ReleaseDate', version: '4.3', edits: [[F43.releaseDate, '']], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'OriginalReleaseDate only', version: '4.3', edits: [[F43.releaseDate, '<OriginalReleaseDate>2026-12-04</OriginalReleaseDate>']], ids: [] },
  { name: 'no ReleaseDate', version: '3.8.2', edits: [[F382.releaseDate, '']], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

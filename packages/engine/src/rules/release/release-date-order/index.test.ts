import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-date-order', [
  { name: 'original release after the release', version: '4.3', edits: [[F43.releaseDate, `${F43.releaseDate}\n      <OriginalReleaseDate>2027-01-01</OriginalReleaseDate>`]], findings: [{ id: 'order', at: '<OriginalReleaseDate>', path: '/NewReleaseMessage/ReleaseList/Release/OriginalReleaseDate' }], status: 'warning' },
  { name: 'earlier original release', version: '4.3', edits: [[F43.releaseDate, `${F43.releaseDate}\n      <OriginalReleaseDate>1999-05-01</OriginalReleaseDate>`]], ids: [] },
  { name: 'original release after the release', version: '3.8.2', edits: [[F382.releaseDate, `${F382.releaseDate}\n        <OriginalReleaseDate>2027</OriginalReleaseDate>`]], findings: [{ id: 'order', at: '<OriginalReleaseDate>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/OriginalReleaseDate' }] },
  { name: 'same year, partial', version: '3.8.2', edits: [[F382.releaseDate, `${F382.releaseDate}\n        <OriginalReleaseDate>2026</OriginalReleaseDate>`]], ids: [] },
]);

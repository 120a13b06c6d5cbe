import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-pline-present', [
  { name: 'P-line on every track but not on the release', version: '4.3', edits: [[F43.releasePLine, '<CLine>']], ids: [] },
  { name: 'no P-line on the release nor on track A1', version: '4.3', edits: [[F43.releasePLine, '<CLine>'], ['<ISRC>GBXYZ2600001</ISRC>\n        </ResourceId>\n        <PLine>\n          <Year>2026</Year>\n          <PLineText>(P) 2026 Northwind Records</PLineText>\n        </PLine>', '<ISRC>GBXYZ2600001</ISRC>\n        </ResourceId>']], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'no P-line anywhere', version: '3.8.2', edits: [[F382.releasePLine, '<CLine>'], [F382.resourcePLine, '']], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

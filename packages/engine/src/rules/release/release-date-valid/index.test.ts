import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-date-valid', [
  { name: '2026-13-45', version: '4.3', edits: [[F43.releaseDate, '<ReleaseDate>2026-13-45</ReleaseDate>']], findings: [{ id: 'invalid', at: '<ReleaseDate>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDate', release: 'R0' }],
    status: 'error',
    check: (run) => {
      expect(run.findings[0].message).toBe('ReleaseDate "2026-13-45" of release R0 is not a calendar date.');
      expect(run.findings[0].hint).toBe('Write the date as YYYY-MM-DD with a real month and day.');
    },
  },
  { name: '29 February of a common year', version: '3.8.2', edits: [[F382.releaseDate, '<ReleaseDate>2026-02-29</ReleaseDate>']], findings: [{ id: 'invalid', at: '<ReleaseDate>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/ReleaseDate', release: 'R0' }] },
  {
    // A release without a reference is still checked, and its finding names no release (it must not fail on the missing reference).
    name: 'a release without a reference',
    version: '4.3',
    edits: [['<ReleaseReference>R0</ReleaseReference>', ''], [F43.releaseDate, '<ReleaseDate>2026-13-45</ReleaseDate>']],
    findings: [{ id: 'invalid', at: '<ReleaseDate>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDate', release: null }],
  },
  { name: 'partial date 2026-12', version: '3.8.2', edits: [[F382.releaseDate, '<ReleaseDate>2026-12</ReleaseDate>']], ids: [] },
  { name: 'leap day 2028-02-29', version: '4.3', edits: [[F43.releaseDate, '<ReleaseDate>2028-02-29</ReleaseDate>']], ids: [] },
]);

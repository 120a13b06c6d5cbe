import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-validity-period', [
  { name: 'end before start', version: '4.3', edits: [[F43.streamValidity, F43.streamValidity.replace('</StartDate>', '</StartDate>\n            <EndDate>2026-01-01</EndDate>')]], findings: [{ id: 'endBeforeStart', at: '<ValidityPeriod>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/ValidityPeriod' }], status: 'error' },
  { name: 'start 2026-02-30', version: '4.3', edits: [[F43.streamValidity, F43.streamValidity.replace('2026-12-04', '2026-02-30')]], findings: [{ id: 'invalidDate', at: '<ValidityPeriod>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/ValidityPeriod' }] },
  { name: 'dateTime start and end on the same day', version: '4.3', edits: [[F43.streamValidity, F43.streamValidity.replace('<StartDate>2026-12-04</StartDate>', '<StartDateTime>2026-12-04T00:00:00Z</StartDateTime>\n            <EndDateTime>2026-12-04T23:59:59Z</EndDateTime>')]], ids: [] },
  { name: 'end before start', version: '3.8.2', edits: [[F382.streamValidity, `${F382.streamValidity}\n            <EndDate>2025-12-31</EndDate>`]], findings: [{ id: 'endBeforeStart', at: '<ValidityPeriod>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/ValidityPeriod' }] },
]);

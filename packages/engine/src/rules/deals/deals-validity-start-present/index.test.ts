import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-validity-start-present', [
  { name: 'every deal starts on a date', version: '4.3', ids: [] },
  {
    name: 'a period with an end date only',
    version: '4.3',
    edits: [[F43.streamValidity, '<EndDate>2027-12-04</EndDate>\n          </ValidityPeriod>\n          <CommercialModelType>SubscriptionModel</CommercialModelType>']],
    findings: [{ id: 'noStart', at: '<ValidityPeriod>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/ValidityPeriod' }],
    status: 'error',
    check: (run) => expect(run.findings[0].field).toMatch(/\/DealList\/ReleaseDeal\/Deal(\[\d\])?\/DealTerms\/ValidityPeriod$/),
  },
  {
    name: 'a period with an end date only',
    version: '3.8.2',
    edits: [[F382.streamValidity, '<UseType>OnDemandStream</UseType>\n          </Usage>\n          <TerritoryCode>Worldwide</TerritoryCode>\n          <ValidityPeriod>\n            <EndDate>2027-12-04</EndDate>']],
    findings: [{ id: 'noStart', at: '<ValidityPeriod>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/ValidityPeriod' }],
  },
  { name: 'a deal without a ValidityPeriod', version: '4.3', edits: [[F43.dealTerritory, '<TerritoryCode>Worldwide</TerritoryCode>\n          <CommercialModelType>SubscriptionModel</CommercialModelType>']], findings: [{ id: 'noPeriod', at: '<Deal>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal' }] },
  { name: 'a takedown deal needs no start', version: '3.8.2', edits: [[F382.downloadTerms, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>']], ids: [] },
]);

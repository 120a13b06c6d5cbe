import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-terms-valid', [
  {
    name: 'AsPerContract is not in the 4.3 _ERN list',
    version: '4.3',
    edits: [[F43.streamModels, '<CommercialModelType>AsPerContract</CommercialModelType>']],
    findings: [{ id: 'unknown', at: '<CommercialModelType>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/CommercialModelType' }],
    status: 'error',
  },
  { name: 'typo "Subscriptionmodel"', version: '4.3', edits: [[F43.streamModels, '<CommercialModelType>Subscriptionmodel</CommercialModelType>']], findings: [{ id: 'unknown', at: '<CommercialModelType>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/CommercialModelType' }], check: (run) => expect(run.findings[0].message).toMatch(/did you mean "SubscriptionModel"/) },
  { name: 'UserDefined', version: '4.3', edits: [[F43.downloadUse, '<UseType UserDefinedValue="Sync" Namespace="PADPIDA2024010101X">UserDefined</UseType>']], ids: [] },
  { name: 'AsPerContract is allowed in 3.8.2', version: '3.8.2', edits: [[F382.streamTerms, F382.streamTerms.replace('SubscriptionModel', 'AsPerContract')]], ids: [] },
  { name: 'UseType "Streaming"', version: '3.8.2', edits: [[F382.streamTerms, F382.streamTerms.replace('OnDemandStream', 'Streaming')]], findings: [{ id: 'unknown', at: '<UseType>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/Usage/UseType' }] },
]);

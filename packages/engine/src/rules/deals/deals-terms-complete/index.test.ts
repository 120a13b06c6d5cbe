import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-terms-complete', [
  { name: 'deal without commercial model', version: '4.3', edits: [[F43.streamModels, '']], findings: [{ id: 'noCommercialModel', at: '<Deal>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal' }], status: 'error', check: (run) => expect(run.findings[0].message).toBe('The deal for R0, R1, R2 has no CommercialModelType: it does not say whether it is a subscription, ad-supported or pay-as-you-go deal.') },
  { name: 'deal without use type', version: '4.3', edits: [[F43.downloadUse, '']], findings: [{ id: 'noUseType', at: ['</Deal>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]' }], check: (run) => expect(run.findings[0].message).toBe('The deal for R0, R1, R2 has no UseType: it does not say whether the release may be streamed or downloaded.') },
  { name: 'deal without commercial model', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('<CommercialModelType>PayAsYouGoModel</CommercialModelType>\n          ', '')]], findings: [{ id: 'noCommercialModel', at: ['</Deal>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]' }] },
  { name: 'a TakeDown deal needs neither', version: '3.8.2', edits: [[F382.downloadTerms, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>']], ids: [] },
]);

import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-use-type-combination', [
  { name: 'free and paid at once', version: '4.3', edits: [[F43.streamModels, `${F43.streamModels}\n          <CommercialModelType>FreeOfChargeModel</CommercialModelType>`]], findings: [{ id: 'freeAndPaid', at: '<Deal>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal' }], status: 'warning', check: (run) => expect(run.findings[0].message).toBe('The deal for R0, R1, R2 is both FreeOfChargeModel and SubscriptionModel.') },
  { name: 'subscription permanent downloads', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('PayAsYouGoModel', 'SubscriptionModel')]], findings: [{ id: 'subscriptionDownload', at: ['</Deal>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]' }], check: (run) => expect(run.findings[0].message).toBe('The deal for R0, R1 grants PermanentDownload under SubscriptionModel only; subscribers get ConditionalDownload or TetheredDownload.') },
  { name: 'subscription conditional downloads', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('PayAsYouGoModel', 'SubscriptionModel').replace('PermanentDownload', 'ConditionalDownload')]], ids: [] },
]);

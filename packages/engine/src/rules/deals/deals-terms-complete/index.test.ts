import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('deals-terms-complete', [
  { name: 'deal without commercial model', version: '4.3', edits: [[F43.streamModels, '']], ids: ['noCommercialModel'], status: 'error' },
  { name: 'deal without use type', version: '4.3', edits: [[F43.downloadUse, '']], ids: ['noUseType'] },
  { name: 'deal without commercial model', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('<CommercialModelType>PayAsYouGoModel</CommercialModelType>\n          ', '')]], ids: ['noCommercialModel'] },
  { name: 'a TakeDown deal needs neither', version: '3.8.2', edits: [[F382.downloadTerms, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>']], ids: [] },
]);

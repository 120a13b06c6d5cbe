import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('territories-code-deprecated', [
  { name: 'ANHH (Netherlands Antilles)', version: '4.3', edits: [[F43.dealTerritory, F43.dealTerritory.replace('Worldwide', 'ANHH')]], findings: [{ id: 'deprecated', at: '<TerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode' }], status: 'warning' },
  { name: 'YUCS (Yugoslavia) excluded', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>YUCS</ExcludedTerritoryCode>')]], findings: [{ id: 'deprecated', at: '<ExcludedTerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]/DealTerms/ExcludedTerritoryCode' }] },
  { name: 'current codes', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<TerritoryCode>RS</TerritoryCode><TerritoryCode>ME</TerritoryCode>')]], ids: [] },
]);

import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('territories-list-consistent', [
  { name: 'Worldwide and DE', version: '4.3', edits: [[F43.dealTerritory, F43.dealTerritory.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<TerritoryCode>Worldwide</TerritoryCode>\n          <TerritoryCode>DE</TerritoryCode>')]], findings: [{ id: 'worldwideMixed', at: '<TerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode' }], status: 'warning' },
  { name: 'FR twice', version: '4.3', edits: [[F43.dealTerritory, F43.dealTerritory.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<TerritoryCode>FR</TerritoryCode>\n          <TerritoryCode>FR</TerritoryCode>')]], findings: [{ id: 'duplicate', at: '<TerritoryCode>FR</TerritoryCode>\n          <ValidityPeriod>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode[2]' }] },
  { name: 'Worldwide excluded', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>Worldwide</ExcludedTerritoryCode>')]], findings: [{ id: 'excludedWorldwide', at: '<ExcludedTerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]/DealTerms/ExcludedTerritoryCode' }] },
]);

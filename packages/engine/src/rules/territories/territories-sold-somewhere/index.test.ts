import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';
import { DEFAULT_PROFILE } from '../../../profile/default.js';

const onlyIn = (code: string) => [
  [F43.dealTerritory, F43.dealTerritory.replace('Worldwide', code)],
  [F43.downloadDealTerritory, F43.downloadDealTerritory.replace('Worldwide', code)],
] as const;

ruleTable('territories-sold-somewhere', [
  { name: 'sold only in JP, service sells in US and CA', version: '4.3', edits: onlyIn('JP'), profile: { ...DEFAULT_PROFILE, territories: ['US', 'CA'] }, findings: [{ id: 'unsold', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'sold only in CA, service sells in US and CA', version: '4.3', edits: onlyIn('CA'), profile: { ...DEFAULT_PROFILE, territories: ['US', 'CA'] }, ids: [] },
  { name: 'a deal without territories', version: '4.3', edits: [[F43.dealTerritory, F43.dealTerritory.replace('<TerritoryCode>Worldwide</TerritoryCode>\n          ', '')]], findings: [{ id: 'noTerritory', at: '<Deal>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal' }] },
  {
    name: 'Worldwide except US, service sells in US only',
    version: '3.8.2',
    edits: [
      [F382.streamTerms, F382.streamTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>US</ExcludedTerritoryCode>')],
      [F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>US</ExcludedTerritoryCode>')],
    ],
    profile: { ...DEFAULT_PROFILE, territories: ['US'] },
    findings: [{ id: 'unsold', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }],
  },
  { name: 'all deals exclude Worldwide', version: '3.8.2', edits: [[F382.streamTerms, F382.streamTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>Worldwide</ExcludedTerritoryCode>')], [F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>Worldwide</ExcludedTerritoryCode>')]], findings: [{ id: 'unsold', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

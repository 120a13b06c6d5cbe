import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('territories-code-valid', [
  { name: 'UK', version: '4.3', edits: [[F43.dealTerritory, F43.dealTerritory.replace('Worldwide', 'UK')]], findings: [{ id: 'unknown', at: '<TerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode' }], status: 'error', check: (run) => expect(run.findings[0].message).toMatch(/did you mean "GB"/) },
  { name: 'lower-case "worldwide"', version: '4.3', edits: [[F43.dealTerritory, F43.dealTerritory.replace('Worldwide', 'worldwide')]], findings: [{ id: 'unknown', at: '<TerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode' }], check: (run) => expect(run.findings[0].message).toMatch(/"Worldwide"/) },
  { name: 'TIS 2136 and ISO codes', version: '3.8.2', edits: [[F382.streamTerms, F382.streamTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<TerritoryCode>2136</TerritoryCode>')], [F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<TerritoryCode>DE</TerritoryCode><TerritoryCode>AT</TerritoryCode>')]], ids: [] },
  { name: 'lower-case "de" in a deal', version: '3.8.2', edits: [[F382.downloadTerms, F382.downloadTerms.replace('<TerritoryCode>Worldwide</TerritoryCode>', '<ExcludedTerritoryCode>de</ExcludedTerritoryCode>')]], findings: [{ id: 'unknown', at: '<ExcludedTerritoryCode>', path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]/DealTerms/ExcludedTerritoryCode' }], check: (run) => expect(run.findings[0].message).toMatch(/did you mean "DE"/) },
]);

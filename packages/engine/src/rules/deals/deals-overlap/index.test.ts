import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

// A second download deal (PayAsYouGoModel + PermanentDownload) for the same releases.
const secondDownload43 = (territory: string, validity: string, channel = '') => [
  '</Deal>\n    </ReleaseDeal>',
  `</Deal>\n      <Deal>\n        <DealTerms>\n          <TerritoryCode>${territory}</TerritoryCode>\n          <ValidityPeriod>${validity}</ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>\n          <UseType>PermanentDownload</UseType>${channel}\n        </DealTerms>\n      </Deal>\n    </ReleaseDeal>`,
] as const;

ruleTable('deals-overlap', [
  { name: 'a second Worldwide download deal in DE from 2027', version: '4.3', edits: [secondDownload43('DE', '<StartDate>2027-01-01</StartDate>')], findings: [{ id: 'conflict', at: ['<UseType>PermanentDownload</UseType>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[3]' }], status: 'error' },
  { name: 'the first download deal ends the day the second starts', version: '4.3', edits: [[F43.downloadValidity, F43.downloadValidity.replace('</StartDate>', '</StartDate>\n            <EndDate>2026-12-31</EndDate>')], secondDownload43('DE', '<StartDate>2026-12-31</StartDate>')], ids: [] },
  { name: 'a channel-specific deal overrides the general one', version: '4.3', edits: [secondDownload43('DE', '<StartDate>2027-01-01</StartDate>', '\n          <DistributionChannel><PartyName><FullName>Store X</FullName></PartyName></DistributionChannel>')], ids: [] },
  {
    name: 'two subscription stream deals, Worldwide and FR',
    version: '3.8.2',
    edits: [[F382.downloadTerms, '<CommercialModelType>SubscriptionModel</CommercialModelType>\n          <Usage>\n            <UseType>OnDemandStream</UseType>\n          </Usage>\n          <TerritoryCode>FR</TerritoryCode>']],
    findings: [{ id: 'conflict', at: ['</Deal>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[2]' }],
  },
  {
    // The release's first deal is taken down: the two download deals after it are still compared, once for R0 and R1 together.
    name: 'two download deals after a deal taken down',
    version: '3.8.2',
    edits: [
      [F382.streamTerms, '<TakeDown>true</TakeDown>\n          <TerritoryCode>Worldwide</TerritoryCode>'],
      [F382.downloadTerms, `${F382.downloadTerms}\n          <ValidityPeriod>\n            <StartDate>2026-12-04</StartDate>\n          </ValidityPeriod>\n        </DealTerms>\n      </Deal>\n      <Deal>\n        <DealTerms>\n          ${F382.downloadTerms.replace('Worldwide', 'DE')}`],
    ],
    findings: [{ id: 'conflict', at: ['</Usage>', '<Deal>'], path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal[3]' }],
  },
  { name: 'different territories', version: '3.8.2', edits: [[F382.streamTerms, F382.streamTerms.replace('Worldwide', 'FR')], [F382.downloadTerms, '<CommercialModelType>SubscriptionModel</CommercialModelType>\n          <Usage>\n            <UseType>OnDemandStream</UseType>\n          </Usage>\n          <TerritoryCode>DE</TerritoryCode>']], ids: [] },
]);

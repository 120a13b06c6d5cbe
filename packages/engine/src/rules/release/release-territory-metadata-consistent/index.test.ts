import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

const block382 = (title: string) =>
  [F382.releaseDate, `${F382.releaseDate}\n      </ReleaseDetailsByTerritory>\n      <ReleaseDetailsByTerritory>\n        <TerritoryCode>DE</TerritoryCode>\n        <DisplayArtistName>The Lamplighters</DisplayArtistName>\n        <Title TitleType="DisplayTitle">\n          <TitleText>${title}</TitleText>\n        </Title>`] as const;
const germanTitle43 = [F43.releaseTitle, F43.releaseTitle.replace('</DisplayTitle>', '</DisplayTitle>\n      <DisplayTitle ApplicableTerritoryCode="DE">\n        <TitleText>Hafenlichter</TitleText>\n      </DisplayTitle>')] as const;

ruleTable('release-territory-metadata-consistent', [
  {
    name: 'a German block with another title',
    version: '3.8.2',
    edits: [block382('Gezeitenwasser')],
    findings: [{ id: 'differs', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }],
    status: 'warning',
    check: (run) => expect(run.findings[0].message).toBe('The titles of release R0 differ by territory (DE against Worldwide); the store uses only the first block\'s, everywhere.'),
  },
  { name: 'a German block with the same title', version: '3.8.2', edits: [block382('Tidewater')], ids: [] },
  { name: 'a German display title', version: '4.3', edits: [germanTitle43], findings: [{ id: 'differs', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }] },
  {
    name: 'a Japanese-script title for Worldwide is a language variant, not territory metadata',
    version: '4.3',
    edits: [[F43.releaseTitle, F43.releaseTitle.replace('</DisplayTitle>', '</DisplayTitle>\n      <DisplayTitle ApplicableTerritoryCode="Worldwide" LanguageAndScriptCode="ja-Jpan">\n        <TitleText>ハーバーライツ</TitleText>\n      </DisplayTitle>')]],
    ids: [],
  },
]);

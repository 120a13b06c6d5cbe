import { F382, F43 } from '../rules/testing/base-fragments.js';
import { storeTable } from './testing/store-table.js';

const BASE = { version: '4.3' as const };
const TO_YOUTUBE = ['<PartyId>PADPIDA2024010102Y</PartyId>', '<PartyId>PADPIDA2013020802I</PartyId>'] as const;

storeTable('youtube', [
  { requirement: 'youtube-ern-version', pass: BASE, fail: { version: '4.3', edits: [['xmlns:ern="http://ddex.net/xml/ern/43"', 'xmlns:ern="http://ddex.net/xml/ern/42"']] } },
  { requirement: 'youtube-release-profile', pass: BASE, fail: { version: '4.3', edits: [['ReleaseProfileVersionId="Audio"', 'ReleaseProfileVersionId="Ringtone"']] } },
  { requirement: 'youtube-isrc', pass: { version: '3.8.2' }, fail: { version: '4.3', edits: [[F43.a1Isrc, '<ProprietaryId Namespace="DPID:PADPIDA2024010101X">rec-1</ProprietaryId>']] } },
  { requirement: 'youtube-recipient', pass: { version: '4.3', edits: [TO_YOUTUBE] }, fail: BASE },
  {
    requirement: 'youtube-territory-metadata',
    pass: BASE,
    fail: { version: '4.3', edits: [[F43.releaseTitle, F43.releaseTitle.replace('</DisplayTitle>', '</DisplayTitle>\n      <DisplayTitle ApplicableTerritoryCode="DE">\n        <TitleText>Hafenlichter</TitleText>\n      </DisplayTitle>')]] },
    failStatus: 'warning',
  },
  // The 3.8.2 single declares no release profile: its release type decides.
  { requirement: 'youtube-srr-no-artwork', pass: BASE, fail: { version: '3.8.2', edits: [[F382.releaseType, '<ReleaseType>SingleResourceRelease</ReleaseType>']] } },
]);

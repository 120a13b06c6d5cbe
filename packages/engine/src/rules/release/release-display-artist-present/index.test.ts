import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

const noArtist43 = F43.releaseTitle.replace(/<DisplayArtistName>[\s\S]*<\/DisplayArtist>\n      /, '');

ruleTable('release-display-artist-present', [
  { name: 'release without display artist', version: '4.3', edits: [[F43.releaseTitle, noArtist43]], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'artist party without a name and no DisplayArtistName', version: '4.3', edits: [[F43.artistParty, '<PartyId><DPID>PADPIDA2024010199Z</DPID></PartyId>'], ['<DisplayArtistName>The Lamplighters</DisplayArtistName>\n      <DisplayArtist SequenceNumber="1">\n        <ArtistPartyReference>PArtist1</ArtistPartyReference>\n        <DisplayArtistRole>MainArtist</DisplayArtistRole>\n      </DisplayArtist>\n      <ReleaseLabelReference>', '<DisplayArtist SequenceNumber="1">\n        <ArtistPartyReference>PArtist1</ArtistPartyReference>\n        <DisplayArtistRole>MainArtist</DisplayArtistRole>\n      </DisplayArtist>\n      <ReleaseLabelReference>']], findings: [{ id: 'unnamed', at: ['</ReleaseId>', '<DisplayArtist SequenceNumber="1">'], path: '/NewReleaseMessage/ReleaseList/Release/DisplayArtist' }] }, // the tracks keep their DisplayArtistName
  { name: 'release without DisplayArtistName and DisplayArtist', version: '3.8.2', edits: [[F382.releaseArtistName, F382.releaseArtistName.replace('<DisplayArtistName>The Lamplighters</DisplayArtistName>\n        ', '').replace(/<DisplayArtist SequenceNumber="1">[\s\S]*<\/DisplayArtist>\n        /, '')]], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

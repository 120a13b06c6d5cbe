import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-language-valid', [
  { name: 'LanguageOfPerformance "english"', version: '4.3', edits: [[F43.a1Language, F43.a1Language.replace('>en<', '>english<')]], ids: ['shape'], status: 'warning' },
  { name: 'LanguageOfPerformance "qq"', version: '4.3', edits: [[F43.a1Language, F43.a1Language.replace('>en<', '>qq<')]], ids: ['unknown'] },
  { name: 'ja-Jpan and es-419 tags', version: '4.3', edits: [[F43.rootLanguage, 'LanguageAndScriptCode="ja-Jpan"'], [F43.a1Language, F43.a1Language.replace('>en<', '>es-419<')]], ids: [] },
  { name: 'root en_US', version: '3.8.2', edits: [[F382.rootLanguage, 'LanguageAndScriptCode="en_US"']], ids: ['underscore'] },
  { name: 'ISO 639-2 "ger" and 639-3 "yue"', version: '3.8.2', edits: [[F382.rootLanguage, 'LanguageAndScriptCode="ger"'], ['<Title TitleType="DisplayTitle">\n          <TitleText>Tidewater</TitleText>\n        </Title>\n        <DisplayArtist SequenceNumber="1">\n          <PartyName>\n            <FullName>The Lamplighters</FullName>\n          </PartyName>\n          <ArtistRole>MainArtist</ArtistRole>\n        </DisplayArtist>\n        <ParentalWarningType>', '<Title TitleType="DisplayTitle" LanguageAndScriptCode="yue">\n          <TitleText>Tidewater</TitleText>\n        </Title>\n        <DisplayArtist SequenceNumber="1">\n          <PartyName>\n            <FullName>The Lamplighters</FullName>\n          </PartyName>\n          <ArtistRole>MainArtist</ArtistRole>\n        </DisplayArtist>\n        <ParentalWarningType>']], ids: [] },
  { name: 'upper-case language', version: '3.8.2', edits: [[F382.rootLanguage, 'LanguageAndScriptCode="EN"']], ids: ['case'] },
]);

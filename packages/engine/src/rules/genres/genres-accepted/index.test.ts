import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';
import { DEFAULT_PROFILE } from '../../../profile/default.js';

const genre43 = (inner: string) => [F43.releaseGenre, `<Genre>\n        ${inner}\n      </Genre>\n      <ReleaseDate>`] as const;

ruleTable('genres-accepted', [
  { name: '"Hip-Hop / Rap" matches "Hip Hop/Rap"', version: '4.3', edits: [genre43('<GenreText>Hip-Hop / Rap</GenreText>')], ids: [] },
  {
    name: '"Popp" is unknown, nearest "Pop"',
    version: '4.3',
    edits: [genre43('<GenreText>Popp</GenreText>')],
    findings: [{ id: 'unknownText', at: '<Genre>', path: '/NewReleaseMessage/ReleaseList/Release/Genre' }],
    status: 'warning',
    check: (run) => expect(run.findings[0].message).toMatch(/nearest: "Pop"/),
  },
  { name: 'an accepted genre written with spaces around it', version: '4.3', edits: [genre43('<GenreText>  Pop </GenreText>')], ids: [] },
  { name: 'an accepted genre and an unknown one on one release', version: '4.3', edits: [genre43('<GenreText>Pop</GenreText>\n      </Genre>\n      <Genre>\n        <GenreText>Popp</GenreText>')], findings: [{ id: 'unknownText', at: '<Genre>\n        <GenreText>Popp</GenreText>', path: '/NewReleaseMessage/ReleaseList/Release/Genre[2]' }], status: 'warning' },
  { name: 'a DDEX ClassifiedGenre value as text', version: '4.3', edits: [genre43('<GenreText>Jazz</GenreText>\n        <GenreCategory><Value>Jazz</Value></GenreCategory>')], ids: [] },
  { name: 'GenreCategory not in the AVS', version: '4.3', edits: [genre43('<GenreText>Pop</GenreText>\n        <GenreCategory><Value>Popular</Value></GenreCategory>')], findings: [{ id: 'unknownCategory', at: '<Genre>', path: '/NewReleaseMessage/ReleaseList/Release/Genre' }] },
  { name: 'profile with its own genre list', version: '3.8.2', edits: [[F382.releaseGenre, '<Genre>\n          <GenreText>Pop</GenreText>\n        </Genre>\n        <ReleaseDate>']], profile: { ...DEFAULT_PROFILE, genres: ['Rock'] }, findings: [{ id: 'unknownText', at: ['</ResourceGroup>', '<Genre>'], path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/Genre' }] },
  { name: 'empty profile list accepts any genre', version: '3.8.2', edits: [[F382.releaseGenre, '<Genre>\n          <GenreText>Vaporwave Polka</GenreText>\n        </Genre>\n        <ReleaseDate>']], profile: { ...DEFAULT_PROFILE, genres: [] }, ids: [] },
]);

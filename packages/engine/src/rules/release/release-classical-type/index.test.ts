import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

const classical43 = [F43.releaseGenre, F43.releaseGenre.replace('Pop', 'Classical')] as const;
const classical382 = [F382.releaseGenre, F382.releaseGenre.replace('Pop', 'Classical')] as const;

ruleTable('release-classical-type', [
  {
    name: 'a classical single is refused',
    version: '4.3',
    edits: [classical43],
    findings: [{ id: 'type', at: '<Genre>', path: '/NewReleaseMessage/ReleaseList/Release/Genre', release: 'R0' }],
    status: 'error',
    check: (run) => {
      expect(run.findings[0].message).toBe('Release R0 has the genre "Classical" but the release type Single; the store needs ClassicalAlbum for classical releases.');
      expect(run.findings[0].hint).toBe('Give the release the ReleaseType ClassicalAlbum (whatever its track count).');
    },
  },
  {
    // Classical by its SubGenre alone: the finding points at the same Genre and names its GenreText.
    name: 'a pop single of the classical sub-genre is refused',
    version: '4.3',
    edits: [[F43.releaseGenre, F43.releaseGenre.replace('<GenreText>Pop</GenreText>', '<GenreText>Pop</GenreText>\n        <SubGenre>Classical</SubGenre>')]],
    findings: [{ id: 'type', at: '<Genre>', path: '/NewReleaseMessage/ReleaseList/Release/Genre', release: 'R0' }],
    check: (run) => expect(run.findings[0].message).toBe('Release R0 has the genre "Pop" but the release type Single; the store needs ClassicalAlbum for classical releases.'),
  },
  { name: 'a classical release typed ClassicalAlbum passes', version: '4.3', edits: [classical43, [F43.releaseType, '<ReleaseType>ClassicalAlbum</ReleaseType>']], ids: [] },
  { name: 'a classical single is refused', version: '3.8.2', edits: [classical382], findings: [{ id: 'type', at: '<Genre>\n          <GenreText>Classical</GenreText>', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/Genre', release: 'R0' }] },
  { name: 'a pop single passes', version: '3.8.2', ids: [] },
]);

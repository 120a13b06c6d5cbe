import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('genres-present', [
  { name: 'no Genre on the release', version: '4.3', edits: [[F43.releaseGenre, '<ReleaseDate>']], findings: [{ id: 'missing', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'empty GenreText', version: '4.3', edits: [[F43.releaseGenre, '<Genre>\n        <GenreText></GenreText>\n      </Genre>\n      <ReleaseDate>']], findings: [{ id: 'empty', at: '<Genre>', path: '/NewReleaseMessage/ReleaseList/Release/Genre' }] },
  { name: 'no Genre in the release details', version: '3.8.2', edits: [[F382.releaseGenre, '<ReleaseDate>']], findings: [{ id: 'missing', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

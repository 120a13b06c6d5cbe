import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';

const YOUTUBE = { profiles: ['AudioAlbumMusicOnly', 'AudioAlbum', 'Audio', 'SingleResourceRelease', 'VideoSingle', 'SimpleVideoSingle'] };

ruleTable('release-profile-accepted', [
  { name: 'the Audio profile is taken', version: '4.3', options: YOUTUBE, ids: [] },
  {
    name: 'a Ringtone profile is refused',
    version: '4.3',
    options: YOUTUBE,
    edits: [['ReleaseProfileVersionId="Audio"', 'ReleaseProfileVersionId="Ringtone"']],
    findings: [{ id: 'profile', at: '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" ReleaseProfileVersionId="Ringtone" LanguageAndScriptCode="en" AvsVersionId="3">', path: '/NewReleaseMessage' }],
    status: 'error',
    check: (run) => expect(run.findings[0].field).toBe('/NewReleaseMessage'),
  },
  { name: 'a 3.x profile path is compared by its last segment', version: '3.8.2', options: YOUTUBE, edits: [['LanguageAndScriptCode="en"', 'LanguageAndScriptCode="en" ReleaseProfileVersionId="CommonReleaseTypes/14/AudioAlbumMusicOnly"']], ids: [] },
  { name: 'a 3.x DJ mix profile is refused', version: '3.8.2', options: YOUTUBE, edits: [['LanguageAndScriptCode="en"', 'LanguageAndScriptCode="en" ReleaseProfileVersionId="CommonReleaseTypes/13/DjMix"']], findings: [{ id: 'profile', at: '<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/382" MessageSchemaVersionId="ern/382" LanguageAndScriptCode="en" ReleaseProfileVersionId="CommonReleaseTypes/13/DjMix">', path: '/NewReleaseMessage' }] },
]);

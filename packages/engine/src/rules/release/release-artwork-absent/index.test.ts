import { expect } from 'vitest';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-artwork-absent', [
  { name: 'an album with its cover passes', version: '4.3', ids: [] },
  {
    name: 'a Single Resource Release with a cover',
    version: '4.3',
    edits: [[F43.releaseType, '<ReleaseType>SingleResourceRelease</ReleaseType>']],
    findings: [{ id: 'image', at: '<Image>', path: '/NewReleaseMessage/ResourceList/Image' }],
    status: 'error',
    check: (run) => expect(run.findings[0].message).toBe('The message holds the image A3 but its release R0 is a SingleResourceRelease; the store takes no artwork with it.'),
  },
  { name: 'a SimpleAudioSingle (ERN 4 profile) with a cover is not a Single Resource Release feed', version: '4.3', options: { profiles: ['SingleResourceRelease'] }, edits: [[F43.releaseType, '<ReleaseType>SingleResourceRelease</ReleaseType>'], ['ReleaseProfileVersionId="Audio"', 'ReleaseProfileVersionId="SimpleAudioSingle"']], ids: [] },
  { name: 'a declared Single Resource Release profile with a cover', version: '4.3', options: { profiles: ['SingleResourceRelease'] }, edits: [[F43.releaseType, '<ReleaseType>SingleResourceRelease</ReleaseType>'], ['ReleaseProfileVersionId="Audio"', 'ReleaseProfileVersionId="CommonReleaseTypes/13/SingleResourceRelease"']], findings: [{ id: 'image', at: '<Image>', path: '/NewReleaseMessage/ResourceList/Image' }] },
  { name: 'a Single Resource Release with a cover', version: '3.8.2', edits: [[F382.releaseType, '<ReleaseType>SingleResourceRelease</ReleaseType>']], findings: [{ id: 'image', at: '<Image>', path: '/NewReleaseMessage/ResourceList/Image' }] },
]);

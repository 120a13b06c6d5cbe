import { describe, expect, it } from 'vitest';
import { runRule } from '../../testing/rule-tester.js';
import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';
import { expectFindings } from '../../testing/pin.js';

ruleTable('release-type-track-count', [
  { name: 'Album of two short tracks', version: '4.3', edits: [[F43.releaseType, '<ReleaseType>Album</ReleaseType>']], findings: [{ id: 'album', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'EP of two tracks', version: '4.3', edits: [[F43.releaseType, '<ReleaseType>EP</ReleaseType>']], ids: [] },
  { name: 'Album of one 3-minute track', version: '3.8.2', edits: [[F382.releaseType, '<ReleaseType>Album</ReleaseType>']], findings: [{ id: 'album', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
  { name: 'TrackRelease as the main release holding two tracks', version: '4.3', edits: [[F43.releaseType, '<ReleaseType>TrackRelease</ReleaseType>']], findings: [{ id: 'trackRelease', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'warning' },
  { name: 'TrackRelease of one track (3.8.2)', version: '3.8.2', edits: [[F382.releaseType, '<ReleaseType>TrackRelease</ReleaseType>']], ids: [] },
  { name: 'EP of one 40-minute track', version: '3.8.2', edits: [[F382.releaseType, '<ReleaseType>EP</ReleaseType>'], [F382.duration, '<Duration>PT40M</Duration>']], findings: [{ id: 'ep', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);

describe('release-type-track-count messages', () => {
  it('states the count and the tracks\' total duration', async () => {
    const album = await runRule('release-type-track-count', { version: '4.3', edits: [[F43.releaseType, '<ReleaseType>Album</ReleaseType>']] });
    expectFindings(album, album.xml, [{ id: 'album', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(album.findings.map((f) => f.message)).toEqual([expect.stringMatching(/only 2 track\(s\) \(0:05\)/)]);
    const ep = await runRule('release-type-track-count', { version: '3.8.2', edits: [[F382.releaseType, '<ReleaseType>EP</ReleaseType>'], [F382.duration, '<Duration>PT40M</Duration>']] });
    expectFindings(ep, ep.xml, [{ id: 'ep', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(ep.findings.map((f) => f.message)).toEqual([expect.stringMatching(/EP with 1 tracks \(40:00\)/)]);
  });
});

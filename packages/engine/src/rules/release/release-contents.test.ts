/**
 * The resources of a release's track list, looked up once per long list
 * (`MessageIndex.trackResourceNumbers`): on an album long enough to be kept as a list of its own
 * (a message kept as bytes) and to be remembered (kept as objects), the helpers answer as a lookup
 * of each reference does, and a second asking works nothing out again.
 */
import { describe, expect, it } from 'vitest';
import { baseMessage } from '../testing/rule-tester.js';
import { readXml } from '../../ern/testing/read-message.js';
import { forgetIndex, indexMessage } from '../../ern/index-of-message.js';
import type { Release, Resource } from '../../ern/model.js';
import { primaryResourcesOf, resourceRefsOf, resourcesUsedBy } from './release-contents.js';
import { contentResourcesOf } from './release-content.js';

const TRACKS = 1200;

/**
 * The 4.3 fixture album with `TRACKS` sound recordings (A1, A2, A10…) beside its cover A3, and a
 * track list that also names the cover, a resource that does not exist (A9999) and one track twice.
 */
function longAlbum(trackLinks = false): string {
  let xml = baseMessage('4.3');
  const recording = /    <SoundRecording>[\s\S]*?<\/SoundRecording>\n/.exec(xml)![0];
  const refs = Array.from({ length: TRACKS }, (_, i) => (i < 2 ? `A${i + 1}` : `A${i + 8}`));
  const recordings = refs.map((ref, i) => recording.replace('<ResourceReference>A1<', `<ResourceReference>${ref}<`).replace('GBXYZ2600001', `GBXYZ26${String(i).padStart(5, '0')}`));
  xml = xml.replace(/    <SoundRecording>[\s\S]*<\/SoundRecording>\n/, recordings.join(''));
  const items = [...refs.slice(0, 5), 'A3', 'A9999', refs[3], ...refs.slice(5)];
  // With `trackLinks`, the second track links the cover (named again as the sixth item) and the eleventh a resource that does not exist.
  const link = (i: number) => (!trackLinks ? '' : i === 1 ? '<LinkedReleaseResourceReference>A3</LinkedReleaseResourceReference>' : i === 10 ? '<LinkedReleaseResourceReference>A8888</LinkedReleaseResourceReference>' : '');
  const content = items.map((ref, i) => `<ResourceGroupContentItem><SequenceNumber>${i + 1}</SequenceNumber><ReleaseResourceReference>${ref}</ReleaseResourceReference>${link(i)}</ResourceGroupContentItem>`).join('');
  xml = xml.replace(/<ResourceGroup>[\s\S]*?<\/ResourceGroup>/, `<ResourceGroup><SequenceNumber>1</SequenceNumber>${content}<LinkedReleaseResourceReference>A3</LinkedReleaseResourceReference></ResourceGroup>`);
  return xml.replace(/\s*<TrackRelease>[\s\S]*?<\/TrackRelease>/g, '');
}

const refOf = (r: Resource | undefined) => r?.reference?.value ?? null;

describe.each([
  ['kept as bytes', true],
  ['kept as objects', false],
])('an album of %s tracks, the message %s', (_label, store) => {
  it.each([
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ])('answers as a lookup of each reference (typed index: %s, tracks that link resources: %s)', async (typed, trackLinks) => {
    const { message } = await readXml(longAlbum(trackLinks), '4.3', store);
    forgetIndex(message);
    const index = indexMessage(message, typed);
    const album = message.releases.at(0) as Release;
    expect(album.kind).toBe('main');
    expect(album.tracks.length).toBe(TRACKS + 3);
    // What the helpers answered before, each reference looked up (the oracle).
    const looked = Array.from(album.tracks, (t) => index.resource(t.resourceReference.value));
    expect(Array.from(index.trackResourceNumbers(album))).toEqual(Array.from(album.tracks, (t) => index.resourceNumber(t.resourceReference.value)));
    expect(primaryResourcesOf(album, index).map(refOf)).toEqual(looked.filter((r) => r?.kind === 'SoundRecording').map(refOf));
    expect(contentResourcesOf(album, index).map(refOf)).toEqual(looked.filter((r) => r?.kind === 'SoundRecording').map(refOf));
    expect(resourcesUsedBy(album, index).map(refOf)).toEqual(resourceRefsOf(album).filter((ref) => index.resource(ref)));
    expect(index.tracksLinkResources(album)).toBe(trackLinks);
    expect(Array.from(album.tracks).some((t) => t.linked.length > 0)).toBe(trackLinks);
    // The cover is named twice or more (an item and links), A4 twice, A9999 resolves to none.
    expect(resourcesUsedBy(album, index).filter((r) => r.kind === 'Image').map(refOf)).toEqual(['A3']);
    expect(primaryResourcesOf(album, index)).toHaveLength(TRACKS + 1);
  });

  it('works out the numbers of a long track list once per index, whatever view of the release asks', async () => {
    const { message } = await readXml(longAlbum(), '4.3', store);
    forgetIndex(message);
    const index = indexMessage(message);
    const first = index.trackResourceNumbers(message.releases.at(0)!);
    // A new view of the release (kept as bytes, each read makes one) gets the same numbers, not numbers worked out again.
    expect(index.trackResourceNumbers(message.releases.at(0)!)).toBe(first);
    // The index built again works them out again, alike.
    forgetIndex(message);
    const again = indexMessage(message).trackResourceNumbers(message.releases.at(0)!);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

/**
 * Releases that are not audio products, in the shapes of DDEX's release profiles and official
 * samples (Ringtone, Wallpaper, Video single, audiobook, a 3.x MIDI ringtone): the release rules ask
 * each for its own content, and the sound-only rules (P-line, cover art) leave image products alone.
 */
import { describe, expect, it } from 'vitest';
import { baseMessage, runRule } from '../testing/rule-tester.js';
import { groupKeyOf, groupNumbers } from './release-contents.js';
import { expectFindings } from '../testing/pin.js';

const IMAGE = (ref: string, type: string) => `<Image>
      <ResourceReference>${ref}</ResourceReference>
      <Type>${type}</Type>
      <ResourceId><ProprietaryId Namespace="PADPIDA2024010101X">IMG-${ref}</ProprietaryId></ResourceId>
    </Image>`;
const VIDEO = (ref: string) => `<Video>
      <ResourceReference>${ref}</ResourceReference>
      <Type>ShortFormMusicalWorkVideo</Type>
      <ResourceId><ISRC>GBXYZ2600009</ISRC></ResourceId>
      <DisplayTitleText>Harbour Lights (video)</DisplayTitleText>
      <DisplayTitle><TitleText>Harbour Lights (video)</TitleText></DisplayTitle>
      <DisplayArtistName>The Lamplighters</DisplayArtistName>
      <Duration>PT3M0S</Duration>
    </Video>`;

/**
 * The fixture album (ERN 4.3) reshaped: its release type, the resources kept from A1 (sound), A2
 * (sound) and A3 (cover), extra resources, what the ResourceGroup holds, and whether P-lines stay.
 */
function shape43(o: { type: string; keep: ('A1' | 'A2' | 'A3')[]; extra?: string; items: string[]; linked?: string[]; pLines?: boolean }): string {
  let xml = baseMessage('4.3');
  const resources = [...xml.matchAll(/    <(SoundRecording|Image)>[\s\S]*?<\/\1>\n/g)].map((m) => m[0]);
  const kept = resources.filter((r) => o.keep.some((ref) => r.includes(`<ResourceReference>${ref}</ResourceReference>`)));
  xml = xml.replace(/<ResourceList>[\s\S]*<\/ResourceList>/, `<ResourceList>\n${kept.join('')}    ${o.extra ?? ''}\n  </ResourceList>`);
  xml = xml.replace('<ReleaseType>Single</ReleaseType>', `<ReleaseType>${o.type}</ReleaseType>`);
  const items = o.items.map((ref, i) => `<ResourceGroupContentItem><SequenceNumber>${i + 1}</SequenceNumber><ReleaseResourceReference>${ref}</ReleaseResourceReference></ResourceGroupContentItem>`).join('');
  const linked = (o.linked ?? []).map((ref) => `<LinkedReleaseResourceReference>${ref}</LinkedReleaseResourceReference>`).join('');
  xml = xml.replace(/<ResourceGroup>[\s\S]*?<\/ResourceGroup>/, `<ResourceGroup><SequenceNumber>1</SequenceNumber>${items}${linked}</ResourceGroup>`);
  xml = xml.replace(/\s*<TrackRelease>[\s\S]*?<\/TrackRelease>/g, '');
  if (o.pLines === false) xml = xml.replace(/\s*<PLine>[\s\S]*?<\/PLine>/g, '');
  return xml;
}

const SHAPES: Record<string, string> = {
  // Official 4.2 "6 Ringtone": a RingtoneRelease of one SoundRecording, no cover.
  ringtone: shape43({ type: 'RingtoneRelease', keep: ['A1'], items: ['A1'] }),
  // Wallpaper profile: the release is its image; no sound, no P-line, no cover besides itself.
  wallpaper: shape43({ type: 'WallpaperRelease', keep: [], extra: IMAGE('A9', 'Wallpaper'), items: ['A9'], pLines: false }),
  // Official 4.3 "5 SimpleVideoSingle": a VideoSingle of one Video with its screen capture.
  video: shape43({ type: 'VideoSingle', keep: ['A3'], extra: VIDEO('A8'), items: ['A8'], linked: ['A3'] }),
  // An audiobook: sound recordings (chapters) and a cover, like an album.
  audiobook: shape43({ type: 'AudioBookRelease', keep: ['A1', 'A2', 'A3'], items: ['A1', 'A2'], linked: ['A3'] }),
};

/** The 3.8.2 single with its SoundRecording turned into a MIDI resource and the release a RingtoneRelease. */
function midiRingtone382(): string {
  let xml = baseMessage('3.8.2');
  xml = xml.replace(/<SoundRecording>([\s\S]*?)<\/SoundRecording>/, (_m, body: string) => {
    const ref = /<ResourceReference>(\w+)<\/ResourceReference>/.exec(body)![1];
    return `<MIDI><MidiType>MusicalWorkMidi</MidiType><MidiId><ProprietaryId Namespace="PADPIDA2024010101X">MIDI-1</ProprietaryId></MidiId><ResourceReference>${ref}</ResourceReference><ReferenceTitle><TitleText>Ring</TitleText></ReferenceTitle></MIDI>`;
  });
  return xml.replace('<ReleaseType>Single</ReleaseType>', '<ReleaseType>RingtoneRelease</ReleaseType>');
}

describe('release rules on releases that are not audio products', () => {
  it.each(Object.keys(SHAPES))('%s: holds its content, no false findings', async (shape) => {
    for (const rule of ['release-primary-resource-present', 'release-cover-art-present', 'release-pline-present']) {
      const run = await runRule(rule, { version: '4.3', xml: SHAPES[shape] });
      expect(run.findings, `${rule} on ${shape}`).toEqual([]);
    }
  });

  it('a MIDI ringtone (ERN 3.8.2) holds its tone', async () => {
    for (const rule of ['release-primary-resource-present', 'release-cover-art-present']) {
      const run = await runRule(rule, { version: '3.8.2', xml: midiRingtone382() });
      expect(run.findings, rule).toEqual([]);
    }
  });

  it('a wallpaper without its image is told it contains no image', async () => {
    const xml = shape43({ type: 'WallpaperRelease', keep: ['A1'], items: ['A1'], pLines: false });
    const run = await runRule('release-primary-resource-present', { version: '4.3', xml });
    expectFindings(run, run.xml, [{ id: 'none', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0].message).toMatch(/^Release R0 contains no image \(it only references A1\)\.$/);
  });

  it('an audiobook is an audio product: its cover and P-line are still asked for', async () => {
    const xml = shape43({ type: 'AudioBookRelease', keep: ['A1', 'A2'], items: ['A1', 'A2'], pLines: false });
    expect((await runRule('release-cover-art-present', { version: '4.3', xml })).findings).toHaveLength(1);
    expect((await runRule('release-pline-present', { version: '4.3', xml })).findings).toHaveLength(1);
  });

  it('a ringtone without any sound is told what a tone is made of', async () => {
    const xml = shape43({ type: 'RingtoneRelease', keep: ['A3'], items: [], linked: ['A3'] });
    const run = await runRule('release-primary-resource-present', { version: '4.3', xml });
    expectFindings(run, run.xml, [{ id: 'none', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }]);
    expect(run.findings.map((f) => f.message)).toEqual([expect.stringMatching(/contains no sound recording, MIDI or video for the tone/)]);
  });
});

describe('groupKeyOf', () => {
  it('joins a track group path with dots, up to the levels asked', () => {
    expect(groupKeyOf([])).toBe('');
    expect(groupKeyOf([3])).toBe('3');
    expect(groupKeyOf([1, 2, 3])).toBe('1.2.3');
    expect(groupKeyOf([1, 2, 3], 2)).toBe('1.2');
    expect(groupKeyOf([7, 2], 1)).toBe('7');
    expect(groupKeyOf([1.5])).toBe('1.5');
    expect(groupKeyOf([-1])).toBe('-1');
    expect(groupKeyOf([5000])).toBe('5000');
  });

  it('numbers group paths by their text, paths of one text alike (groupNumbers)', () => {
    expect(groupNumbers([[1], [1, 5], [1.5], [2], [1, 5]])).toEqual({ of: [0, 1, 1, 2, 1], count: 3 });
    expect(groupNumbers([[1, 1, 1], [1, 1, 2], [1, 2, 1]], 2)).toEqual({ of: [0, 0, 1], count: 2 });
  });
});

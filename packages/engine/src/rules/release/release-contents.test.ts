/**
 * The resources of a release's track list, looked up once per long list
 * (`MessageIndex.trackFacts`): on an album long enough to be kept as a list of its own
 * (a message kept as bytes) and to be remembered (kept as objects), the helpers answer as a lookup
 * of each reference does, and a second asking works nothing out again.
 */
import { describe, expect, it } from 'vitest';
import { baseMessage } from '../testing/rule-tester.js';
import { readSample, readXml } from '../../ern/testing/read-message.js';
import { forgetIndex, indexMessage } from '../../ern/index-of-message.js';
import { NO_SEQUENCE } from '../../ern/track-facts.js';
import { validate } from '../../validate.js';
import { RULES } from '../registry.js';
import type { Release, Resource } from '../../ern/model.js';
import { isTrackLike, mainReleases, primaryResourceNumbers, primaryResourcesOf, productReleases, releasesOfKind, resourceRefsOf, resourcesUsedBy } from './release-contents.js';
import { sampleRows } from '../../ern/testing/sample-rows.js';
import { contentResourceNumbersOf } from './release-content.js';
import { RecordFlags } from '../record-notes.js';

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
    expect(Array.from(index.trackFacts(album).numbers)).toEqual(Array.from(album.tracks, (t) => index.resourceNumber(t.resourceReference.value)));
    expect(primaryResourcesOf(album, index).map(refOf)).toEqual(looked.filter((r) => r?.kind === 'SoundRecording').map(refOf));
    expect(Array.from(contentResourceNumbersOf(album, index), (n) => refOf(index.resourceAt(n)))).toEqual(looked.filter((r) => r?.kind === 'SoundRecording').map(refOf));
    expect(resourcesUsedBy(album, index).map(refOf)).toEqual(resourceRefsOf(album).filter((ref) => index.resource(ref)));
    expect(index.trackFacts(album).linked).toBe(trackLinks);
    expect(Array.from(album.tracks).some((t) => t.linked.length > 0)).toBe(trackLinks);
    // The cover is named twice or more (an item and links), A4 twice, A9999 resolves to none.
    expect(resourcesUsedBy(album, index).filter((r) => r.kind === 'Image').map(refOf)).toEqual(['A3']);
    expect(resourcesUsedBy(album, index, 'Image').map(refOf)).toEqual(['A3']);
    expect(resourcesUsedBy(album, index, 'SoundRecording').map(refOf)).toEqual(resourcesUsedBy(album, index).filter((r) => r.kind === 'SoundRecording').map(refOf));
    // The facts of one reading: each track's resource number, SequenceNumber and group path.
    const facts = index.trackFacts(album);
    expect(facts).toBe(index.trackFacts(album));
    expect(Array.from(facts.sequences!)).toEqual(Array.from(album.tracks, (t) => t.sequence ?? NO_SEQUENCE));
    expect(Array.from(facts.groups, (g) => facts.groupPaths[g])).toEqual(Array.from(album.tracks, (t) => t.groupPath));
    expect(facts.groupPaths).toEqual([[1]]);
    expect(primaryResourcesOf(album, index)).toHaveLength(TRACKS + 1);
  });

  it('works out the numbers of a long track list once per index, whatever view of the release asks', async () => {
    const { message } = await readXml(longAlbum(), '4.3', store);
    forgetIndex(message);
    const index = indexMessage(message);
    const first = index.trackFacts(message.releases.at(0)!).numbers;
    // A new view of the release (kept as bytes, each read makes one) gets the same numbers, not numbers worked out again.
    expect(index.trackFacts(message.releases.at(0)!).numbers).toBe(first);
    // The index built again works them out again, alike.
    forgetIndex(message);
    const again = indexMessage(message).trackFacts(message.releases.at(0)!).numbers;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

/**
 * Track sequence and numbering read an album's facts (`MessageIndex.trackFacts`) and read its list
 * only when the facts show something to report: on albums long enough to be remembered, each
 * mistake is found as the list itself would show it, and a clean album gives nothing.
 */
describe.each([
  ['kept as bytes', true],
  ['kept as objects', false],
])('track sequence and numbering on two discs of 150 tracks, the message %s', (_label, store) => {
  const DISC = 150;
  /** Disc `d`'s track `t` is A`d`_`t`; `sequence` gives each item's SequenceNumber text (null: none); the cover A3 is in disc 1's list, unnumbered. */
  function album(sequence: (disc: number, track: number) => string | null): string {
    let xml = baseMessage('4.3');
    const recording = /    <SoundRecording>[\s\S]*?<\/SoundRecording>\n/.exec(xml)![0];
    const refs = [1, 2].flatMap((d) => Array.from({ length: DISC }, (_, t) => `A${d}_${t + 1}`));
    const recordings = refs.map((ref, i) => recording.replace('<ResourceReference>A1<', `<ResourceReference>${ref}<`).replace('GBXYZ2600001', `GBXYZ26${String(i).padStart(5, '0')}`));
    xml = xml.replace(/    <SoundRecording>[\s\S]*<\/SoundRecording>\n/, recordings.join(''));
    const item = (ref: string, seq: string | null) => `<ResourceGroupContentItem>${seq === null ? '' : `<SequenceNumber>${seq}</SequenceNumber>`}<ReleaseResourceReference>${ref}</ReleaseResourceReference></ResourceGroupContentItem>`;
    const disc = (d: number) => `<ResourceGroup><SequenceNumber>${d}</SequenceNumber>${d === 1 ? item('A3', null) : ''}${Array.from({ length: DISC }, (_, t) => item(`A${d}_${t + 1}`, sequence(d, t + 1))).join('')}</ResourceGroup>`;
    xml = xml.replace(/<ResourceGroup>[\s\S]*?<\/ResourceGroup>/, `<ResourceGroup><SequenceNumber>1</SequenceNumber>${disc(1)}${disc(2)}</ResourceGroup>`);
    return xml.replace(/\s*<TrackRelease>[\s\S]*?<\/TrackRelease>/g, '');
  }
  const RULE_IDS = ['release-track-sequence', 'release-track-numbering'];
  async function findings(xml: string): Promise<string[]> {
    const rules = Object.fromEntries(RULES.map((r) => [r.id, RULE_IDS.includes(r.id) ? r.meta.severity : 'off'])) as Record<string, 'off'>;
    const report = await validate(Buffer.from(xml), { name: 'message.xml', rules, media: false, recordStore: store });
    expect(report.checks.filter((c) => c.status === 'skipped')).toEqual([]);
    return report.checks.filter((c) => RULE_IDS.includes(c.rule) && c.status !== 'pass').map((c) => `${c.message_id} line ${c.line}: ${c.message}`);
  }
  const line = (xml: string, text: string) => xml.slice(0, xml.indexOf(text)).split('\n').length;

  it('finds nothing on a clean album', async () => {
    const xml = album((_d, t) => String(t));
    const { message } = await readXml(xml, '4.3', store);
    expect(message.releases.at(0)!.tracks.length).toBe(2 * DISC + 1);
    expect(await findings(xml)).toEqual([]);
  });

  it('finds a number used twice, and the gap it leaves', async () => {
    const xml = album((d, t) => String(d === 2 && t === 100 ? 99 : t));
    expect(await findings(xml)).toEqual([
      // One line holds the whole track list: the gap (located at the disc's first track) comes first.
      expect.stringMatching(/^gap line \d+: Release R0: the tracks of ResourceGroup 1\.2 are numbered 1-99, 101-150/),
      `duplicate line ${line(xml, 'A2_100</ReleaseResourceReference>')}: Release R0: SequenceNumber 99 is used twice in ResourceGroup 1.2 (A2_99 and A2_100).`,
    ]);
  });

  it('finds a track without a number beside numbered ones, and the gap it leaves', async () => {
    const xml = album((d, t) => (d === 1 && t === 50 ? null : String(t)));
    expect(await findings(xml)).toEqual([
      expect.stringMatching(/^gap line \d+: Release R0: the tracks of ResourceGroup 1\.1 are numbered 1-49, 51-150/),
      `unnumbered line ${line(xml, 'A1_50</ReleaseResourceReference>')}: Release R0: track A1_50 in ResourceGroup 1.1 has no SequenceNumber while other tracks have one.`,
    ]);
  });

  it('tells a number past 32 bits from the one it would wrap to', async () => {
    // 4294967297 is 2^32 + 1: kept as a 32-bit integer it would be 1, a number used twice.
    const xml = album((d, t) => (d === 1 && t === DISC ? '4294967297' : String(t)));
    expect(await findings(xml)).toEqual([expect.stringMatching(/^gap line \d+: Release R0: the tracks of ResourceGroup 1\.1 are numbered 1-149, 4294967297/)]);
  });

  it('finds a gap alone, and numbers below 1', async () => {
    expect(await findings(album((d, t) => String(d === 2 ? t + 1 : t)))).toEqual([expect.stringMatching(/^gap line \d+: Release R0: the tracks of ResourceGroup 1\.2 are numbered 2-151/)]);
    expect(await findings(album((d, t) => String(d === 1 ? t - 1 : t)))).toEqual([expect.stringMatching(/^gap line \d+: Release R0: the tracks of ResourceGroup 1\.1 are numbered 0-149/)]);
  });
});

describe('primaryResourceNumbers and RecordFlags', () => {
  const rows = sampleRows().filter((r) => /^ern-(3\.7|3\.8|4\.1|4\.2|4\.3)(\.\d)?$/.test(r.xsdSet) && r.xmllint !== 'not-wellformed');

  it('numbers the resources primaryResourcesOf gives, in its order, on every sample both ways', async () => {
    let releases = 0;
    for (const row of rows) {
      for (const store of [true, false]) {
        const { message: m } = await readSample(row.file, undefined, store);
        const index = indexMessage(m);
        for (const release of m.releases) {
          releases++;
          const numbers = primaryResourceNumbers(release, index);
          expect(Array.from(numbers, (n) => index.resourceAt(n)!.loc), row.file).toEqual(primaryResourcesOf(release, index).map((r) => r.loc));
        }
        forgetIndex(m);
      }
    }
    expect(releases).toBeGreaterThan(400);
  });

  it('keeps a byte of flags per number, or-ed, growing as numbers come', () => {
    const flags = new RecordFlags();
    flags.set(3, 1);
    flags.set(3, 2);
    flags.set(5000, 1);
    expect([flags.get(3), flags.get(4), flags.get(5000), flags.get(5001), flags.get(-1), flags.get(1 << 30)]).toEqual([3, 0, 1, 0, 0, 0]);
  });
});

describe('releases picked by kind', () => {
  const rows = sampleRows().filter((r) => /^ern-(3\.7|3\.8|4\.1|4\.2|4\.3)(\.\d)?$/.test(r.xsdSet) && r.xmllint !== 'not-wellformed');

  it('are those their definitions give, in order, on every sample both ways (kinds read without a view)', async () => {
    let picked = 0;
    let mains = 0;
    let evens = 0;
    let total = 0;
    for (const row of rows) {
      for (const store of [true, false]) {
        const { message: m } = await readSample(row.file, undefined, store);
        const all = [...m.releases];
        const locs = (list: Release[]) => list.map((r) => r.loc);
        expect(locs(productReleases(m)), row.file).toEqual(locs(all.filter((r) => !isTrackLike(r))));
        const main = all.filter((r) => r.kind === 'main');
        const others = all.filter((r) => r.kind === 'other' && !isTrackLike(r));
        expect(locs(mainReleases(m)), row.file).toEqual(locs(main.length > 0 || m.family !== '3' ? main : others.length === 1 ? others : []));
        expect(locs(releasesOfKind(m, (kind) => kind === 'main' || kind === 'clip')), row.file).toEqual(locs(all.filter((r) => r.kind === 'main' || r.kind === 'clip')));
        const even = (r: Release) => (r.reference?.value.length ?? 0) % 2 === 0;
        expect(locs(releasesOfKind(m, (kind) => kind !== 'main', even)), row.file).toEqual(locs(all.filter((r) => r.kind !== 'main' && even(r))));
        evens += releasesOfKind(m, () => true, even).length;
        total += all.length;
        picked += productReleases(m).length;
        mains += mainReleases(m).length;
      }
    }
    expect(picked).toBeGreaterThan(100);
    expect(mains).toBeGreaterThan(100);
    // The second test keeps some of the kinds' releases, not all or none.
    expect(evens).toBeGreaterThan(50);
    expect(evens).toBeLessThan(total);
  });
});

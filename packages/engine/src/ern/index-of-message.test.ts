import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBERED_ANCHORS } from './anchor-table.js';
import { forgetIndex, indexMessage } from './index-of-message.js';
import { sampleRows } from './testing/sample-rows.js';
import { readSample, readXml } from './testing/read-message.js';

/** Every reference the records hold (resource lists, tracks, linked resources, deals) and those left unresolved. */
function referenced(m: Awaited<ReturnType<typeof readXml>>['message']): string[] {
  const out: string[] = [];
  for (const r of m.releases) {
    for (const ref of r.resourceReferences) out.push(ref.value);
    for (const t of r.tracks) out.push(t.resourceReference.value, ...t.linked);
    for (const ref of r.linkedResourceReferences ?? []) out.push(ref.value);
  }
  for (const d of m.deals) for (const ref of d.releaseReferences) out.push(ref.value);
  for (const ref of m.unresolvedReferences) out.push(ref.value);
  return out;
}

/** The resources whose reference an earlier resource has, by the definition: asked reference by reference. */
function shadowedByReference(index: ReturnType<typeof indexMessage>, m: Awaited<ReturnType<typeof readXml>>['message']): number[] {
  const out: number[] = [];
  for (let n = 0; n < m.resources.length; n++) {
    const ref = m.resources.at(n)!.reference?.value;
    if (ref && index.resourceNumber(ref) !== n) out.push(n);
  }
  return out;
}

/** The deals naming a release another deal names too, by the definition: asked reference by reference. */
function sharingByReference(index: ReturnType<typeof indexMessage>, m: Awaited<ReturnType<typeof readXml>>['message']): number[] {
  const out: number[] = [];
  for (let n = 0; n < m.deals.length; n++) if (m.deals.at(n)!.releaseReferences.some((r) => index.dealNumbersOfRelease(r.value).length > 1)) out.push(n);
  return out;
}

describe.each([
  ['as maps', false],
  ['in typed arrays', true],
])('indexMessage %s', (_way, typed) => {
  it('resolves releases, resources, parties and their links in 4.3 1 Audio.xml', async () => {
    const { message: m } = await readSample('ddex-official-ern43/1 Audio.xml');
    const index = indexMessage(m, typed);
    expect(index.release('R0')?.kind).toBe('main');
    expect(index.release('R99')).toBeUndefined();
    expect(index.resource('A22')?.kind).toBe('Image');
    expect(index.party('PEMI')?.names).toEqual(['EMI MUSIC JAPAN INC.']);
    // A1 is on the album's track list and is the TrackRelease R1's resource.
    expect(index.releasesOfResource('A1').map((r) => r.reference?.value)).toEqual(['R0', 'R1']);
    // The cover is linked from the album's ResourceGroup only.
    expect(index.releasesOfResource('A22').map((r) => r.reference?.value)).toEqual(['R0']);
    expect(index.releasesOfResource('A99')).toEqual([]);
    expect(index.releaseNumbersOfResource('A1').map((n) => m.releases.at(n)!.reference?.value)).toEqual(['R0', 'R1']);
    expect(index.releaseNumbersOfResource('A99')).toEqual([]);
    expect(index.resourceAt(index.resourceNumber('A22'))?.kind).toBe('Image');
    expect(index.resourceAt(-1)).toBeUndefined();
    expect(index.resourceKindAt(index.resourceNumber('A22'))).toBe('Image');
    expect(index.resourceKindAt(index.resourceNumber('A1'))).toBe('SoundRecording');
    expect(index.resourceKindAt(-1)).toBeUndefined();
    expect(index.dealsOfRelease('R0')).toHaveLength(1);
    expect(index.dealsOfRelease('R5')).toHaveLength(2);
    expect(index.dealNumbersOfRelease('R5')).toHaveLength(2);
    expect(index.dealNumbersOfRelease('R5').map((n) => m.deals.at(n)!.releaseReferences.some((r) => r.value === 'R5'))).toEqual([true, true]);
    expect(index.dealsOfRelease('R22')).toEqual([]);
    expect(index.dealsSharingRelease()).toEqual(sharingByReference(index, m));
    expect(index.dealsSharingRelease().length).toBeGreaterThan(1);
  });

  it('links 3.x resources through ReleaseResourceReferenceList and linked track items', async () => {
    const { message: m } = await readSample('ddex-official-crt-ern382/Release Profiles Samples/Profile_AudioAlbumMusicOnly.xml');
    const index = indexMessage(m, typed);
    expect(index.releasesOfResource('A7').map((r) => r.reference?.value)).toEqual(['R0']);
    expect(index.releasesOfResource('A3').map((r) => r.reference?.value)).toEqual(['R0', 'R3']);
    expect(index.party('P1')).toBeUndefined();
  });

  it('keeps the first of two records with one anchor, and answers for anchors no record has', async () => {
    const xml = `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><ResourceList><SoundRecording><ResourceReference>A1</ResourceReference><Type>MusicalWorkSoundRecording</Type></SoundRecording><SoundRecording><ResourceReference>A1</ResourceReference><Type>Other</Type></SoundRecording></ResourceList><ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ResourceGroup><ResourceGroupContentItem><ReleaseResourceReference>A1</ReleaseResourceReference></ResourceGroupContentItem><ResourceGroupContentItem><ReleaseResourceReference>A9</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup></Release><TrackRelease><ReleaseReference>R1</ReleaseReference><ReleaseResourceReference>A9</ReleaseResourceReference></TrackRelease></ReleaseList><DealList><ReleaseDeal><DealReleaseReference>R7</DealReleaseReference><Deal/></ReleaseDeal><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><DealReleaseReference>R0</DealReleaseReference><Deal/></ReleaseDeal></DealList></ern:NewReleaseMessage>`;
    const { message: m } = await readXml(xml);
    const index = indexMessage(m, typed);
    expect(index.resource('A1')?.type).toBe('MusicalWorkSoundRecording');
    // Both records of A1 answer to the first's number; a reference no record has, and the empty one, to none.
    expect(index.resourceNumber('A1')).toBe(0);
    expect(index.shadowedResources()).toEqual([1]);
    expect(index.resourceNumber('A9')).toBe(-1);
    expect(index.resourceNumber('')).toBe(-1);
    // A9 has no record: its users are still listed, in order.
    expect(index.releasesOfResource('A9').map((r) => r.reference?.value)).toEqual(['R0', 'R1']);
    expect(index.dealsOfRelease('R7')).toHaveLength(1);
    // Named twice by one deal: listed once.
    expect(index.dealsOfRelease('R0')).toHaveLength(1);
    expect(index.dealsOfRelease('R1')).toEqual([]);
    // A list handed out is the caller's own.
    index.releasesOfResource('A9').pop();
    expect(index.releasesOfResource('A9')).toHaveLength(2);
  });
});

// With anchors by number (`A1`…) and without: the anchors these tests collide (`A${i}`, `LongAnchor${i}`) would
// otherwise be kept by number, and never meet in the hash table.
describe.each([false, true])('indexMessage in typed arrays over records kept as bytes (anchors by number: %s)', (numbered) => {
  beforeAll(() => {
    NUMBERED_ANCHORS.on = numbered;
  });
  afterAll(() => {
    NUMBERED_ANCHORS.on = true;
  });
  /** FNV-1a over the UTF-16 code units, as the index hashes anchors. */
  const fnv = (text: string) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h | 0;
  };
  /** Two anchors of one hash: a probe for the absent one meets the present one's slot and must compare the anchors. */
  function collision(): [string, string] {
    const seen = new Map<number, string>();
    for (let i = 0; ; i++) {
      const text = `A${i}`;
      const other = seen.get(fnv(text));
      if (other !== undefined) return [other, text];
      seen.set(fnv(text), text);
    }
  }

  it('tells anchors of one hash apart, and finds anchors written in place, in Latin-1 and in UTF-16, as the maps do', async () => {
    const [present, absent] = collision();
    expect(fnv(present)).toBe(fnv(absent));
    // More than 64 distinct references: past them, a field's strings are written in place rather than interned.
    const refs = [present, 'Aé1', 'A€1', ...Array.from({ length: 100 }, (_, i) => `B${i}`)];
    const recordings = refs.map((ref) => `<SoundRecording><ResourceReference>${ref}</ResourceReference><Type>MusicalWorkSoundRecording</Type></SoundRecording>`).join('');
    const xml = `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><ResourceList>${recordings}</ResourceList><ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ResourceGroup><ResourceGroupContentItem><ReleaseResourceReference>${present}</ReleaseResourceReference></ResourceGroupContentItem><ResourceGroupContentItem><ReleaseResourceReference>A€1</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup></Release></ReleaseList></ern:NewReleaseMessage>`;
    const { message: m } = await readXml(xml);
    expect(m.resources.constructor.name).toBe('RecordList');
    const typed = indexMessage(m, true);
    forgetIndex(m);
    const maps = indexMessage(m, false);
    forgetIndex(m);
    expect(typed.resourceNumber(present)).toBe(0);
    expect(typed.resourceNumber(absent)).toBe(-1);
    expect(typed.resource(absent)).toBeUndefined();
    expect(typed.releasesOfResource(absent)).toEqual([]);
    expect(typed.releasesOfResource(present).map((r) => r.reference?.value)).toEqual(['R0']);
    for (const ref of [...refs, absent, 'Ae1', 'A€2', 'B100', '']) {
      expect(typed.resourceNumber(ref), ref).toBe(maps.resourceNumber(ref));
      expect(typed.resource(ref)?.reference?.value, ref).toBe(maps.resource(ref)?.reference?.value);
      expect(typed.releasesOfResource(ref).length, ref).toBe(maps.releasesOfResource(ref).length);
    }
  });

  /** Two texts of one hash, the first from `first(i)`, the second from `second(j)`. */
  function collisionOf(first: (i: number) => string, second: (j: number) => string, firsts = 200_000): [string, string] {
    const seen = new Map<number, string>();
    for (let i = 0; i < firsts; i++) seen.set(fnv(first(i)), first(i));
    for (let j = 0; ; j++) {
      const other = seen.get(fnv(second(j)));
      if (other !== undefined && other !== second(j)) return [other, second(j)];
    }
  }

  // Short anchors (up to 7 Latin-1 characters) are kept packed in the table, longer ones by hash and compared in the
  // record. A probe meeting another anchor of its hash (or, packed, of its first four characters) must tell them apart.
  it('tells anchors of one hash apart, short and long', async () => {
    const shortShort = collisionOf((i) => `A${i}`, (j) => `Z${j}`);
    // Of one length and beginning (the first of the two packed numbers alike): told apart by their last four characters.
    const digits = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const four = (n: number) => Array.from({ length: 4 }, (_, k) => digits[Math.floor(n / 62 ** k) % 62]).join('');
    const sameStart = collisionOf((i) => `ABC${four(i)}`, (j) => `ABC${four(200_000 + j)}`);
    const shortLong = collisionOf((i) => `A${i}`, (j) => `LongReference${j}`);
    const longLong = collisionOf((i) => `LongAnchor${i}`, (j) => `OtherLongAnchor${j}`);
    for (const [a, b] of [shortShort, sameStart, shortLong, longLong]) expect(fnv(a)).toBe(fnv(b));
    expect(sameStart.map((t) => t.length)).toEqual([7, 7]);
    expect(shortShort.every((t) => t.length <= 7) && shortLong[0].length <= 7 && shortLong[1].length > 7 && longLong.every((t) => t.length > 7)).toBe(true);
    // Each pair both ways: the present anchor held, the absent one asked.
    for (const [present, absent] of [shortShort, sameStart, shortLong, longLong].flatMap(([a, b]) => [[a, b], [b, a]])) {
      const refs = [present, ...Array.from({ length: 80 }, (_, i) => `B${i}`)];
      const recordings = refs.map((ref) => `<SoundRecording><ResourceReference>${ref}</ResourceReference><Type>MusicalWorkSoundRecording</Type></SoundRecording>`).join('');
      const xml = `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><ResourceList>${recordings}</ResourceList><ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ResourceGroup><ResourceGroupContentItem><ReleaseResourceReference>${present}</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup></Release></ReleaseList></ern:NewReleaseMessage>`;
      const { message: m } = await readXml(xml);
      const typed = indexMessage(m, true);
      forgetIndex(m);
      expect(typed.resourceNumber(present), present).toBe(0);
      expect(typed.resourceNumber(absent), absent).toBe(-1);
      expect(typed.releasesOfResource(present).map((r) => r.reference?.value)).toEqual(['R0']);
      expect(typed.resourceNumber('B79')).toBe(80);
      expect(typed.resourceNumber('B80')).toBe(-1);
    }
  });
});

describe('the index grown while a message kept as objects streams', () => {
  const rows = sampleRows().filter((r) => /^ern-(3\.7|3\.8|4\.1|4\.2|4\.3)(\.\d)?$/.test(r.xsdSet) && r.xmllint !== 'not-wellformed');

  it.each(rows.map((r) => [r.file] as const))('answers as the index built at the end: %s', async (file) => {
    const { message: m } = await readSample(file, undefined, false);
    const grown = indexMessage(m);
    forgetIndex(m);
    const maps = indexMessage(m, false);
    forgetIndex(m);
    const typed = indexMessage(m, true);
    expect(grown).not.toBe(maps);
    for (const index of [grown, maps, typed]) expect(index.dealsSharingRelease()).toEqual(sharingByReference(maps, m));
    for (const index of [grown, maps, typed]) expect(index.shadowedResources()).toEqual(shadowedByReference(maps, m));
    const anchors = new Set<string>(['', 'missing']);
    for (const r of m.releases) if (r.reference) anchors.add(r.reference.value);
    for (const r of m.resources) if (r.reference) anchors.add(r.reference.value);
    for (const p of m.parties) anchors.add(p.reference.value);
    for (const ref of referenced(m)) anchors.add(ref);
    const numbers = <T>(list: T[], all: { at(i: number): T | undefined; length: number }) => list.map((x) => Array.from({ length: all.length }, (_, i) => all.at(i)).indexOf(x));
    for (const ref of anchors) {
      for (const other of [maps, typed]) {
        expect(grown.release(ref)).toBe(other.release(ref));
        expect(grown.resourceNumber(ref)).toBe(other.resourceNumber(ref));
        expect(grown.resource(ref)).toBe(other.resource(ref));
        expect(grown.party(ref)).toBe(other.party(ref));
        expect(numbers(grown.releasesOfResource(ref), m.releases)).toEqual(numbers(other.releasesOfResource(ref), m.releases));
        expect(numbers(grown.dealsOfRelease(ref), m.deals)).toEqual(numbers(other.dealsOfRelease(ref), m.deals));
        expect(grown.dealNumbersOfRelease(ref)).toEqual(other.dealNumbersOfRelease(ref));
        expect(other.dealNumbersOfRelease(ref)).toEqual(numbers(other.dealsOfRelease(ref), m.deals));
        expect(grown.releaseNumbersOfResource(ref)).toEqual(other.releaseNumbersOfResource(ref));
        expect(other.releaseNumbersOfResource(ref)).toEqual(numbers(other.releasesOfResource(ref), m.releases));
        expect(grown.resourceAt(grown.resourceNumber(ref))).toBe(grown.resource(ref));
        expect(grown.resourceKindAt(grown.resourceNumber(ref))).toBe(grown.resource(ref)?.kind);
      }
    }
  });
});

describe('the index grown while a message kept as bytes streams', () => {
  /** What the index answers for `refs`, by record (a record's `loc` names it: views of one record are new objects at each read). */
  function answers(index: ReturnType<typeof indexMessage>, refs: Iterable<string>) {
    const loc = (r: { loc: number } | undefined) => r?.loc ?? null;
    return [...refs].map((ref) => ({
      ref,
      release: loc(index.release(ref)),
      resource: loc(index.resource(ref)),
      resourceNumber: index.resourceNumber(ref),
      party: loc(index.party(ref)),
      releasesOfResource: index.releasesOfResource(ref).map(loc),
      dealsOfRelease: index.dealsOfRelease(ref).map(loc),
      dealNumbersOfRelease: index.dealNumbersOfRelease(ref),
      releaseNumbersOfResource: index.releaseNumbersOfResource(ref),
      resourceAt: loc(index.resourceAt(index.resourceNumber(ref))),
      resourceKindAt: index.resourceKindAt(index.resourceNumber(ref)),
      kindOfResource: index.resource(ref)?.kind,
    }));
  }

  type Message = Awaited<ReturnType<typeof readXml>>['message'];
  type Index = ReturnType<typeof indexMessage>;

  /** Numbers of `list`'s records that `told` says are used by number alone; each must be used by its reference too (false only means "ask"). */
  function knownByNumber(list: Message['resources'] | Message['releases'], told: (n: number) => boolean, users: (ref: string) => number[]): number[] {
    const known: number[] = [];
    for (let n = 0; n < list.length; n++) {
      if (!told(n)) continue;
      known.push(n);
      expect(users(list.at(n)!.reference!.value).length, `record ${n}`).toBeGreaterThan(0);
    }
    return known;
  }
  const knownUsed = (index: Index, m: Message) => knownByNumber(m.resources, index.resourceKnownUsed, index.releaseNumbersOfResource);
  const knownInDeal = (index: Index, m: Message) => knownByNumber(m.releases, index.releaseKnownInDeal, index.dealNumbersOfRelease);

  /** The grown index (adopted by the reader), then the maps and the typed arrays built at the end, asked the same. */
  function compare(m: Awaited<ReturnType<typeof readXml>>['message'], extra: string[] = []) {
    const refs = new Set<string>(['', 'missing', ...extra]);
    for (const r of m.releases) if (r.reference) refs.add(r.reference.value);
    for (const r of m.resources) if (r.reference) refs.add(r.reference.value);
    for (const p of m.parties) refs.add(p.reference.value);
    for (const ref of referenced(m)) refs.add(ref);
    const grown = answers(indexMessage(m), refs);
    const grownKnown = knownUsed(indexMessage(m), m);
    const grownInDeal = knownInDeal(indexMessage(m), m);
    const grownSharing = indexMessage(m).dealsSharingRelease();
    expect(grownSharing).toEqual(sharingByReference(indexMessage(m), m));
    const grownShadowed = indexMessage(m).shadowedResources();
    expect(grownShadowed).toEqual(shadowedByReference(indexMessage(m), m));
    forgetIndex(m);
    expect(indexMessage(m, false).dealsSharingRelease()).toEqual(grownSharing);
    expect(indexMessage(m, false).shadowedResources()).toEqual(grownShadowed);
    forgetIndex(m);
    expect(indexMessage(m, true).dealsSharingRelease()).toEqual(grownSharing);
    expect(indexMessage(m, true).shadowedResources()).toEqual(grownShadowed);
    forgetIndex(m);
    const maps = answers(indexMessage(m, false), refs);
    expect(knownUsed(indexMessage(m, false), m)).toEqual([]);
    expect(knownInDeal(indexMessage(m, false), m)).toEqual([]);
    forgetIndex(m);
    const typed = answers(indexMessage(m, true), refs);
    // Built over the finished model, every anchor is in before its links: each resource used by its reference is known by number, unless an earlier one has its reference.
    const firstUsed = [...Array(m.resources.length).keys()].filter((n) => m.resources.at(n)!.reference && indexMessage(m, true).resourceNumber(m.resources.at(n)!.reference!.value) === n && indexMessage(m, true).releaseNumbersOfResource(m.resources.at(n)!.reference!.value).length > 0);
    expect(knownUsed(indexMessage(m, true), m)).toEqual(firstUsed);
    const firstInDeal = [...Array(m.releases.length).keys()].filter((n) => m.releases.at(n)!.reference && indexMessage(m, true).release(m.releases.at(n)!.reference!.value)?.loc === m.releases.at(n)!.loc && indexMessage(m, true).dealNumbersOfRelease(m.releases.at(n)!.reference!.value).length > 0);
    expect(knownInDeal(indexMessage(m, true), m)).toEqual(firstInDeal);
    forgetIndex(m);
    expect(grown).toEqual(maps);
    expect(typed).toEqual(maps);
    // The kind told without a view is the view's.
    for (const row of grown) expect(row.resourceKindAt, row.ref).toBe(row.kindOfResource);
    return Object.assign(grown, { known: grownKnown, inDeal: grownInDeal, sharing: grownSharing, shadowed: grownShadowed });
  }

  const rows = sampleRows().filter((r) => /^ern-(3\.7|3\.8|4\.1|4\.2|4\.3)(\.\d)?$/.test(r.xsdSet) && r.xmllint !== 'not-wellformed');

  it.each(rows.map((r) => [r.file] as const))('answers as the indexes built at the end: %s', async (file) => {
    const { message: m } = await readSample(file);
    expect(m.releases.constructor.name).toBe('RecordList');
    compare(m);
  });

  it.each([
    ['before it', true, false],
    ['before it, one track naming none', true, true],
    ['after it', false, false],
  ])('answers the same for an album of 1,200 tracks kept as bytes, its resources %s', async (_where, first, missing) => {
    const n = 1200;
    const resources = `<ResourceList>${Array.from({ length: n }, (_, i) => `<SoundRecording><ResourceReference>A${i + 1}</ResourceReference></SoundRecording>`).join('')}</ResourceList>`;
    // Track 7 names a resource that no record has (when `missing`).
    const items = Array.from({ length: n }, (_, i) => `<ResourceGroupContentItem><SequenceNumber>${i + 1}</SequenceNumber><ReleaseResourceReference>${missing && i === 6 ? 'A0' : `A${i + 1}`}</ReleaseResourceReference></ResourceGroupContentItem>`).join('');
    const releases = `<ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ResourceGroup>${items}</ResourceGroup></Release><TrackRelease><ReleaseReference>R1</ReleaseReference><ReleaseResourceReference>A2</ReleaseResourceReference></TrackRelease></ReleaseList>`;
    const xml = `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">${first ? resources + releases : releases + resources}</ern:NewReleaseMessage>`;
    const { message: m } = await readXml(xml);
    const album = m.releases.at(0)!;
    // The album's list is kept as bytes, a list of its own (the case whose facts are worked out as it closes).
    expect(Array.isArray(album.tracks)).toBe(false);
    expect(album.tracks.length).toBe(n);
    // The track facts the rules read at the end, of the index grown while the message streamed (compare lets it go): each
    // track's resource as the index finds it then, resources that came after the album included.
    const streamed = indexMessage(m);
    const facts = streamed.trackFacts(album);
    expect(streamed.trackFacts(album)).toBe(facts);
    expect(Array.from(facts.numbers)).toEqual([...album.tracks].map((t) => streamed.resourceNumber(t.resourceReference.value)));
    expect(facts.numbers[0]).toBe(0);
    expect(facts.numbers[6]).toBe(missing ? -1 : 6);
    expect(facts.numbers[n - 1]).toBe(n - 1);
    const grown = compare(m);
    const of = (ref: string) => grown.find((a) => a.ref === ref)!;
    expect(of('A1').releaseNumbersOfResource).toEqual([0]);
    expect(of('A2').releaseNumbersOfResource).toEqual([0, 1]);
    expect(of(`A${n}`).releaseNumbersOfResource).toEqual([0]);
    expect(of('A7').releaseNumbersOfResource).toEqual(missing ? [] : [0]);
    if (missing) expect(of('A0').releaseNumbersOfResource).toEqual([0]);
    // Linked by number as the album closed when its resources came first (every resource it names used by number).
    expect(grown.known.length).toBe(first ? n - (missing ? 1 : 0) : 0);
  });

  it('answers the same when releases come before their resources and deals before their releases, with anchors twice', async () => {
    const recording = (ref: string, type: string) => `<SoundRecording><ResourceReference>${ref}</ResourceReference><Type>${type}</Type></SoundRecording>`;
    // Enough records that the tables grow several times while the message streams.
    const many = Array.from({ length: 60 }, (_, i) => recording(`B${i}`, 'MusicalWorkSoundRecording')).join('');
    const tracks = ['A1', 'A2', 'B3', 'A1', 'B59'].map((ref) => `<ResourceGroupContentItem><ReleaseResourceReference>${ref}</ReleaseResourceReference></ResourceGroupContentItem>`).join('');
    const xml =
      `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">` +
      `<DealList><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><DealReleaseReference>R9</DealReleaseReference><Deal/></ReleaseDeal></DealList>` +
      `<ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ResourceGroup>${tracks}</ResourceGroup></Release>` +
      `<TrackRelease><ReleaseReference>R1</ReleaseReference><ReleaseResourceReference>A2</ReleaseResourceReference></TrackRelease></ReleaseList>` +
      `<ResourceList>${recording('A1', 'MusicalWorkSoundRecording')}${many}${recording('A1', 'Other')}</ResourceList>` +
      `<ReleaseList><TrackRelease><ReleaseReference>R2</ReleaseReference><ReleaseResourceReference>A1</ReleaseResourceReference></TrackRelease>` +
      `<TrackRelease><ReleaseReference>R0</ReleaseReference><ReleaseResourceReference>A2</ReleaseResourceReference></TrackRelease></ReleaseList>` +
      `<ResourceList>${recording('A2', 'MusicalWorkSoundRecording')}</ResourceList>` +
      `<DealList><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><DealReleaseReference>R0</DealReleaseReference><Deal/></ReleaseDeal>` +
      `<ReleaseDeal><DealReleaseReference>R2</DealReleaseReference><Deal/></ReleaseDeal></DealList></ern:NewReleaseMessage>`;
    const { message: m } = await readXml(xml);
    const grown = compare(m, ['A9', 'R9']);
    const of = (ref: string) => grown.find((a) => a.ref === ref)!;
    // A1 is named by R0 before its records (two) and by R2 after them: both, in order, once each.
    expect(of('A1').releasesOfResource).toHaveLength(2);
    expect(of('A1').resourceNumber).toBe(0);
    // A2 comes last: R0, R1 and R2 (the second R0) name it, R0 twice in its track list.
    expect(of('A2').releasesOfResource).toHaveLength(3);
    // The first deal names R0 before any release: it and the later one are R0's deals.
    expect(of('R0').dealNumbersOfRelease).toEqual([0, 1]);
    expect(of('R9').dealNumbersOfRelease).toEqual([0]);
    // Deals 0 and 1 share R0 (deal 0 named it before its record came, deal 1 twice); deal 2 has R2 alone.
    expect(grown.sharing).toEqual([0, 1]);
    // A1's second record (61) is the one resource whose reference an earlier one has.
    expect(grown.shadowed).toEqual([61]);
    // Told used by number while streaming: only A1's first record (0), which R2 names after it came. R0 named
    // A1, A2, B3 and B59 before them (kept aside by reference), A1's second record (61) is not its anchor.
    expect(grown.known).toEqual([0]);
    // Releases: R0's first record (0) and R2 (2) are named by the last DealList, after them; R1 by none, R0's second record (3) is not its anchor.
    expect(grown.inDeal).toEqual([0, 2]);
  });
});

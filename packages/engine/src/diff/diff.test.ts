/**
 * Diff tests on pairs built from our fixtures and DDEX's samples (4.3 and 3.8.2): references
 * renumbered and lists reordered with nothing else changed give no change; a title changed, a
 * deal ended, a territory removed, a track added, a takedown and a price change are each found
 * and named; header fields are reported apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXml } from '../ern/testing/read-message.js';
import { BASE_MESSAGES } from '../rules/testing/rule-tester.js';
import { sample } from '../test-support.js';
import { diffMessages } from './diff-messages.js';
import { territoryUniverse } from '../territories/universe.js';

const base43 = readFileSync(BASE_MESSAGES['4.3'], 'utf8');
const base382 = readFileSync(BASE_MESSAGES['3.8.2'], 'utf8');
const audio43 = readFileSync(sample('ddex-official-ern43/1 Audio.xml'), 'utf8');
const album382 = readFileSync(sample('ddex-official-crt-ern382/Release Profiles Samples/Profile_AudioAlbumMusicOnly.xml'), 'utf8');

async function diff(a: string, b: string) {
  const [x, y] = await Promise.all([readXml(a), readXml(b)]);
  return diffMessages(x.message, y.message, await territoryUniverse(y.message.version));
}

/** Renumbers every local anchor (R1 -> R91, A1 -> A91, PArtist1 -> P9Artist1, T1 -> T91) where it is declared and where it is referenced. */
function renumber(xml: string): string {
  return xml.replace(/<(\w*Reference)((?: [^>]*)?)>([RAPTV])([^<]*)<\/\1>/g, (_, name, attrs, letter, rest) => `<${name}${attrs}>${letter}9${rest}</${name}>`);
}

/** Reverses the order of the ReleaseDeals and of each deal's TerritoryCode list. */
function reorderDeals(xml: string): string {
  return xml.replace(/(<DealList>\s*)([\s\S]*?)(\s*<\/DealList>)/, (_, open, body: string, close) => {
    const deals = body.split(/(?<=<\/ReleaseDeal>)\s*/).filter((d) => d.trim());
    return open + deals.reverse().join('\n    ') + close;
  });
}

function once(xml: string, search: string | RegExp, replace: string): string {
  const out = xml.replace(search, replace);
  if (out === xml) throw new Error(`edit not applied: ${search}`);
  return out;
}

describe('diff: no change', () => {
  it.each([
    ['the 4.3 fixture', base43],
    ['DDEX 4.3 1 Audio', audio43],
    ['the 3.8.2 fixture', base382],
    ['DDEX 3.8.2 AudioAlbumMusicOnly', album382],
  ])('%s with its references renumbered and its deals reordered', async (_, xml) => {
    const changed = reorderDeals(renumber(xml));
    expect(changed).not.toBe(xml);
    const d = await diff(xml, changed);
    expect(d.changes).toEqual([]);
    expect(d.summary.notes).toEqual([]);
  });

  it('reports a new message id and creation time apart from the content', async () => {
    const next = once(once(base43, /<MessageId>[^<]*<\/MessageId>/, '<MessageId>MSG-2</MessageId>'), /<MessageCreatedDateTime>[^<]*</, '<MessageCreatedDateTime>2027-01-01T00:00:00Z<');
    const d = await diff(base43, next);
    expect(d.changes).toEqual([]);
    expect(d.header.map((h) => h.field)).toEqual(['MessageHeader/MessageId', 'MessageHeader/MessageCreatedDateTime']);
    expect(d.header[0].new).toBe('MSG-2');
  });
});

describe('diff: changes found and named', () => {
  it('a title changed (4.3)', async () => {
    const d = await diff(base43, once(base43, '<DisplayTitleText>Harbour Lights</DisplayTitleText>\n      <DisplayTitle>\n        <TitleText>Harbour Lights</TitleText>\n      </DisplayTitle>\n      <DisplayArtistName>The Lamplighters</DisplayArtistName>\n      <DisplayArtist SequenceNumber="1">\n        <ArtistPartyReference>PArtist1</ArtistPartyReference>\n        <DisplayArtistRole>MainArtist</DisplayArtistRole>\n      </DisplayArtist>\n      <ReleaseLabelReference>', '<DisplayTitleText>Harbour Lights (Deluxe)</DisplayTitleText>\n      <DisplayTitle>\n        <TitleText>Harbour Lights (Deluxe)</TitleText>\n      </DisplayTitle>\n      <DisplayArtistName>The Lamplighters</DisplayArtistName>\n      <DisplayArtist SequenceNumber="1">\n        <ArtistPartyReference>PArtist1</ArtistPartyReference>\n        <DisplayArtistRole>MainArtist</DisplayArtistRole>\n      </DisplayArtist>\n      <ReleaseLabelReference>'));
    expect(d.changes).toEqual([{ release: 'ICPN 05012345678900', resource: null, field: 'ReleaseList/Release/DisplayTitleText', kind: 'changed', old: 'Harbour Lights', new: 'Harbour Lights (Deluxe)' }]);
    expect(d.summary.notes).toEqual(['release ICPN 05012345678900 "Harbour Lights (Deluxe)": title changed: Harbour Lights -> Harbour Lights (Deluxe)']);
  });

  it('a title changed on a renumbered copy of DDEX 4.3 1 Audio (a track title)', async () => {
    const next = renumber(once(audio43, /(<SoundRecording>[\s\S]*?<DisplayTitleText[^>]*>)([^<]*)/, '$1A new title'));
    const d = await diff(audio43, next);
    expect(d.changes).toHaveLength(1);
    expect(d.changes[0]).toMatchObject({ release: null, field: 'ResourceList/SoundRecording/DisplayTitleText', kind: 'changed', new: 'A new title' });
    expect(d.changes[0].resource).toMatch(/^ISRC /);
  });

  it('a deal ended (4.3): named with the first day it is no longer offered', async () => {
    const next = once(base43, '<StartDate>2026-12-04</StartDate>\n          </ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>', '<StartDate>2026-12-04</StartDate>\n            <EndDate>2027-06-30</EndDate>\n          </ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>');
    const d = await diff(base43, next);
    // The deal names the album and its two track releases.
    expect(d.changes.filter((c) => c.field === 'DealList/ReleaseDeal/Deal/DealTerms').map((c) => [c.release, c.kind])).toEqual([
      ['ICPN 05012345678900', 'changed'],
      ['ProprietaryId PADPIDA2024010101X:5012345678900_GBXYZ2600001', 'changed'],
      ['ProprietaryId PADPIDA2024010101X:5012345678900_GBXYZ2600002', 'changed'],
    ]);
    expect(d.summary.notes[0]).toBe('release ICPN 05012345678900 "Harbour Lights": no longer offered in Worldwide from 2027-07-01 (PermanentDownload/PayAsYouGoModel)');
  });

  it('a territory removed (3.8.2): Worldwide becomes Worldwide except DE', async () => {
    const next = once(base382, '<UseType>PermanentDownload</UseType>\n          </Usage>\n          <TerritoryCode>Worldwide</TerritoryCode>', '<UseType>PermanentDownload</UseType>\n          </Usage>\n          <ExcludedTerritoryCode>DE</ExcludedTerritoryCode>');
    const d = await diff(base382, next);
    expect(d.summary.notes).toContain('release ICPN 05012345678917 "Tidewater": no longer offered in DE (PermanentDownload/PayAsYouGoModel)');
    expect(d.changes.find((c) => c.kind === 'added' && c.release === 'ICPN 05012345678917')?.new).toMatchObject({ territories: { text: 'Worldwide except DE' } });
  });

  it('a territory removed from a list (DDEX 4.3 1 Audio, JP only): the release is offered nowhere', async () => {
    const next = audio43.replace(/<TerritoryCode>JP<\/TerritoryCode>/g, '<TerritoryCode>KR</TerritoryCode>');
    const d = await diff(audio43, next);
    expect(d.summary.notes.filter((n) => n.includes('no longer offered in JP')).length).toBeGreaterThan(0);
  });

  it('a track added (4.3): a new recording in the album\'s track list', async () => {
    const recording = /<SoundRecording>\s*<ResourceReference>A2<\/ResourceReference>[\s\S]*?<\/SoundRecording>/.exec(base43)![0];
    const added = recording.replace('>A2<', '>A9<').replace('GBXYZ2600002', 'GBXYZ2600009').replace(/Harbour Lights/g, 'Night Tide');
    let next = once(base43, recording, `${recording}\n    ${added}`);
    next = once(next, '<ReleaseResourceReference>A2</ReleaseResourceReference>\n        </ResourceGroupContentItem>', '<ReleaseResourceReference>A2</ReleaseResourceReference>\n        </ResourceGroupContentItem>\n        <ResourceGroupContentItem>\n          <SequenceNumber>3</SequenceNumber>\n          <ReleaseResourceReference>A9</ReleaseResourceReference>\n        </ResourceGroupContentItem>');
    const d = await diff(base43, renumber(next));
    expect(d.summary.resources).toEqual({ added: 1, removed: 0, changed: 0 });
    expect(d.summary.notes).toEqual(['release ICPN 05012345678900 "Harbour Lights": track ISRC GBXYZ2600009 added', 'resource ISRC GBXYZ2600009 added']);
    expect(d.changes.find((c) => c.field === 'ReleaseList/Release/ResourceGroup/ResourceGroupContentItem')).toMatchObject({ kind: 'changed', new: ['ISRC GBXYZ2600001', 'ISRC GBXYZ2600002', 'ISRC GBXYZ2600009'] });
  });

  it('a takedown (3.8.2) and a price change are named as such', async () => {
    const priced = (price: string) => once(base382, '<UseType>PermanentDownload</UseType>\n          </Usage>\n          <TerritoryCode>Worldwide</TerritoryCode>', `<UseType>PermanentDownload</UseType>\n          </Usage>\n          <TerritoryCode>Worldwide</TerritoryCode>\n          <PriceInformation><PriceType Namespace="DPID">${price}</PriceType></PriceInformation>`);
    const price = await diff(priced('FRONT'), priced('MID'));
    expect(price.summary.notes).toEqual(['release ICPN 05012345678917 "Tidewater": price changed for PermanentDownload/PayAsYouGoModel in Worldwide: FRONT -> MID', 'release ISRC GBXYZ2600011 "Tidewater": price changed for PermanentDownload/PayAsYouGoModel in Worldwide: FRONT -> MID']);
    const takedown = once(base382, '</DealList>', '  <ReleaseDeal>\n      <DealReleaseReference>R0</DealReleaseReference>\n      <Deal>\n        <DealTerms>\n          <TakeDown>true</TakeDown>\n          <TerritoryCode>FR</TerritoryCode>\n          <ValidityPeriod><StartDate>2027-01-01</StartDate></ValidityPeriod>\n        </DealTerms>\n      </Deal>\n    </ReleaseDeal>\n  </DealList>');
    const d = await diff(base382, takedown);
    expect(d.summary.notes).toEqual(['release ICPN 05012345678917 "Tidewater": taken down in FR from 2027-01-01']);
  });

  it('a release removed and one added, matched by ICPN across UPC and EAN spellings', async () => {
    const upc = once(base43, '<ICPN>5012345678900</ICPN>', '<ICPN>05012345678900</ICPN>');
    expect((await diff(base43, upc)).changes.map((c) => c.field)).toEqual(['ReleaseList/Release/ReleaseId/ICPN']);
    const other = once(base43, '<ICPN>5012345678900</ICPN>', '<ICPN>5012345678917</ICPN>');
    const d = await diff(base43, other);
    expect(d.summary.releases).toEqual({ added: 1, removed: 1, changed: 0 });
  });
});

describe('diff across families', () => {
  it('names paths in the new message\'s family', async () => {
    const d = await diff(base382, base43);
    expect(d.old_version).toBe('3.8.2');
    expect(d.changes.every((c) => !c.field.includes('ReleaseDetailsByTerritory'))).toBe(true);
    expect(d.header.find((h) => h.field === '@xmlns')).toMatchObject({ old: '3.8.2', new: '4.3' });
    expect(path.basename(BASE_MESSAGES['4.3'])).toBe('5012345678900.xml');
  });
});

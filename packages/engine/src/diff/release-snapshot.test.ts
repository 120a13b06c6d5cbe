/**
 * Release snapshots (release-snapshot.ts) as `validate({onReleaseSnapshots})` gives them: one per
 * release, plain JSON that survives a round trip, holding the release's own resources and parties;
 * two of them compare as the whole-message diff compares that release (no change for a renumbered,
 * reordered copy; a title and an ended deal named the same way).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASE_MESSAGES } from '../rules/testing/rule-tester.js';
import { readXml } from '../ern/testing/read-message.js';
import { validate } from '../validate.js';
import type { MessageSnapshots } from '../options.js';
import { territoryUniverse } from '../territories/universe.js';
import { diffMessages } from './diff-messages.js';
import { diffReleaseSnapshots, type ReleaseSnapshot } from './release-snapshot.js';

const base43 = readFileSync(BASE_MESSAGES['4.3'], 'utf8');
const base382 = readFileSync(BASE_MESSAGES['3.8.2'], 'utf8');

function once(xml: string, search: string | RegExp, replace: string): string {
  const out = xml.replace(search, replace);
  if (out === xml) throw new Error(`edit not applied: ${search}`);
  return out;
}

/** The snapshots validate gives for one message, through JSON as a database keeps them. */
async function snapshots(xml: string, recordStore = false): Promise<MessageSnapshots[]> {
  const seen: MessageSnapshots[] = [];
  await validate(Buffer.from(xml), { name: 'message.xml', media: false, recordStore, onReleaseSnapshots: (s) => seen.push(s) });
  return JSON.parse(JSON.stringify(seen));
}

const album = async (xml: string): Promise<ReleaseSnapshot> => (await snapshots(xml))[0].releases.find((r) => r.release.key.startsWith('ICPN'))!;

const renumber = (xml: string) => xml.replace(/<(\w*Reference)((?: [^>]*)?)>([RAPTV])([^<]*)<\/\1>/g, (_, name, attrs, letter, rest) => `<${name}${attrs}>${letter}9${rest}</${name}>`);

describe('release snapshots from validate', () => {
  it('gives one per release of the message, with the resources and parties the release names, as JSON', async () => {
    const [message] = await snapshots(base43);
    expect(message.file).toBe('message.xml');
    expect(message.skipped).toBeNull();
    expect(message.releases.map((r) => r.release.key)).toEqual(['ICPN 05012345678900', 'ProprietaryId PADPIDA2024010101X:5012345678900_GBXYZ2600001', 'ProprietaryId PADPIDA2024010101X:5012345678900_GBXYZ2600002']);
    const main = message.releases[0];
    expect(main.release).toMatchObject({ reference: 'R0', title: 'Harbour Lights', ids: { icpn: '5012345678900' } });
    expect(main.resources.map((r) => r.key)).toEqual(expect.arrayContaining(['ISRC GBXYZ2600001', 'ISRC GBXYZ2600002']));
    expect(main.parties.map((p) => p.key).length).toBeGreaterThan(0);
    // A track release names its own recording, not the album's other one.
    expect(message.releases[1].resources.map((r) => r.key)).toEqual(['ISRC GBXYZ2600001']);
    // Open periods survive JSON (Infinity would have become null and then 0).
    expect(main.release.deals.offers[0].periods[0]).toEqual({ from: '2026-12-04', until: null, interval: { start: expect.any(Number), end: null } });
  });

  it('is not built for a message kept as bytes, and says why', async () => {
    const [message] = await snapshots(base43, true);
    expect(message.releases).toEqual([]);
    expect(message.skipped).toMatch(/kept as bytes/);
  });

  it('is not asked for by default: validate gives the same report without the option', async () => {
    const plain = await validate(Buffer.from(base43), { name: 'message.xml', media: false });
    const asked = await validate(Buffer.from(base43), { name: 'message.xml', media: false, onReleaseSnapshots: () => {} });
    const strip = (r: typeof plain) => ({ ...r, engine: null });
    expect(strip(asked)).toEqual(strip(plain));
  });
});

describe('diffReleaseSnapshots', () => {
  it('finds no change in a renumbered copy, even though every reference changed', async () => {
    const d = diffReleaseSnapshots(await album(base43), await album(renumber(base43)));
    expect(d.changes).toEqual([]);
    expect(d.summary.notes).toEqual([]);
  });

  it('names a changed title and an ended deal as the message diff does', async () => {
    let next = once(base43, '<DisplayTitleText>Harbour Lights</DisplayTitleText>\n      <DisplayTitle>\n        <TitleText>Harbour Lights</TitleText>\n      </DisplayTitle>\n      <DisplayArtistName>The Lamplighters</DisplayArtistName>\n      <DisplayArtist SequenceNumber="1">\n        <ArtistPartyReference>PArtist1</ArtistPartyReference>\n        <DisplayArtistRole>MainArtist</DisplayArtistRole>\n      </DisplayArtist>\n      <ReleaseLabelReference>', '<DisplayTitleText>Harbour Lights (Deluxe)</DisplayTitleText>\n      <DisplayTitle>\n        <TitleText>Harbour Lights (Deluxe)</TitleText>\n      </DisplayTitle>\n      <DisplayArtistName>The Lamplighters</DisplayArtistName>\n      <DisplayArtist SequenceNumber="1">\n        <ArtistPartyReference>PArtist1</ArtistPartyReference>\n        <DisplayArtistRole>MainArtist</DisplayArtistRole>\n      </DisplayArtist>\n      <ReleaseLabelReference>');
    next = once(next, '<StartDate>2026-12-04</StartDate>\n          </ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>', '<StartDate>2026-12-04</StartDate>\n            <EndDate>2027-06-30</EndDate>\n          </ValidityPeriod>\n          <CommercialModelType>PayAsYouGoModel</CommercialModelType>');
    const d = diffReleaseSnapshots(await album(base43), await album(next), await territoryUniverse('4.3'));
    const [a, b] = await Promise.all([readXml(base43), readXml(next)]);
    const whole = diffMessages(a.message, b.message, await territoryUniverse('4.3'));
    expect(d.changes).toEqual(whole.changes.filter((c) => c.release === 'ICPN 05012345678900'));
    expect(d.changes.map((c) => [c.field, c.kind])).toEqual([
      ['ReleaseList/Release/DisplayTitleText', 'changed'],
      ['DealList/ReleaseDeal/Deal/DealTerms', 'changed'],
    ]);
    expect(d.summary.notes).toEqual([
      'release ICPN 05012345678900 "Harbour Lights (Deluxe)": no longer offered in Worldwide from 2027-07-01 (PermanentDownload/PayAsYouGoModel)',
      'release ICPN 05012345678900 "Harbour Lights (Deluxe)": title changed: Harbour Lights -> Harbour Lights (Deluxe)',
    ]);
  });

  it('names a recording of the release that changed, and nothing of a recording it does not list', async () => {
    const next = once(base43, /(<SoundRecording>[\s\S]*?<DisplayTitleText[^>]*>)First Light/, '$1First Light (Remastered)');
    const [main, track2] = [await album(next), (await snapshots(next))[0].releases[2]];
    const d = diffReleaseSnapshots(await album(base43), main);
    expect(d.changes).toEqual([{ release: null, resource: 'ISRC GBXYZ2600001', field: 'ResourceList/SoundRecording/DisplayTitleText', kind: 'changed', old: 'First Light', new: 'First Light (Remastered)' }]);
    expect(diffReleaseSnapshots((await snapshots(base43))[0].releases[2], track2).changes).toEqual([]);
  });

  it('compares 3.8.2 deals with a territory removed', async () => {
    const next = once(base382, '<UseType>PermanentDownload</UseType>\n          </Usage>\n          <TerritoryCode>Worldwide</TerritoryCode>', '<UseType>PermanentDownload</UseType>\n          </Usage>\n          <ExcludedTerritoryCode>DE</ExcludedTerritoryCode>');
    const d = diffReleaseSnapshots(await album(base382), await album(next), await territoryUniverse('3.8.2'));
    expect(d.summary.notes).toContain('release ICPN 05012345678917 "Tidewater": no longer offered in DE (PermanentDownload/PayAsYouGoModel)');
  });

  it('refuses a snapshot of another format instead of comparing it wrongly', async () => {
    const old = { ...(await album(base43)), format: 99 };
    expect(() => diffReleaseSnapshots(old, old)).toThrow(/format 99/);
  });
});

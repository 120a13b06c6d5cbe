import { describe, expect, it } from 'vitest';
import { readSample, readXml } from './testing/read-message.js';

const values = (list: { value: string }[]) => list.map((l) => l.value);
const CRT = 'ddex-official-crt-ern382/Release Profiles Samples/';

describe('ERN 3.x reader on official and real samples', () => {
  it('reads the 3.8.2 CRT audio album (FileName only, ISWC, nested resource groups)', async () => {
    const { message: m, pass } = await readSample(CRT + 'Profile_AudioAlbumMusicOnly.xml');
    expect(pass.listenerFailures).toEqual([]);
    expect(m).toMatchObject({ version: '3.8.2', family: '3', root: 'NewReleaseMessage', releaseProfile: 'CommonReleaseTypesTypes/13/AudioAlbumMusicOnly', avsVersionId: null });
    expect(m.declaredVersion).toMatchObject({ value: 'ern/382', path: '/NewReleaseMessage' });
    expect(m.header).toMatchObject({ messageId: { value: '' }, threadId: '', sender: { partyIds: ['DPID_OF_THE_SENDER'], name: null }, updateIndicator: 'OriginalMessage' });

    expect(m.releases.map((r) => [r.reference?.value, r.kind])).toEqual([
      ['R0', 'main'], ['R1', 'track'], ['R2', 'track'], ['R3', 'track'], ['R4', 'track'], ['R5', 'track'], ['R6', 'track'],
    ]);
    const album = m.releases.at(0)!;
    expect(album).toMatchObject({ isMainRelease: true, types: ['Album'], ids: { grid: { value: 'A1UCASE0000000401X' }, icpn: null } });
    expect(album.titles.map((t) => [t.type, t.text, t.territory])).toEqual([
      ['ReferenceTitle', 'A Monkey Claw in a Velvet Glove', null],
      ['FormalTitle', 'A Monkey Claw in a Velvet Glove', 'Worldwide'],
      ['DisplayTitle', 'A Monkey Claw in a Velvet Glove', 'Worldwide'],
    ]);
    expect(album.displayArtistNames).toEqual(['Monkey Claw']);
    expect(album.displayArtists).toMatchObject([{ name: 'Monkey Claw', partyReference: null, roles: ['MainArtist'], sequence: 1 }]);
    expect(album.labels).toEqual(['Iron Crown Music']);
    expect(album.genres).toMatchObject([{ text: 'Metal', subGenre: 'Progressive Metal' }]);
    expect(album.pLines).toMatchObject([{ kind: 'P', year: 2010, text: '(P) 2010 Iron Crown Music' }]);
    expect(album.cLines).toMatchObject([{ kind: 'C', year: 2010, text: '(C) 2010 Iron Crown Music' }]);
    expect(album.releaseDate).toMatchObject({ value: '2010-01-01', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseDetailsByTerritory/ReleaseDate' });
    expect(album.originalReleaseDate?.value).toBe('2010-10-01');
    expect(album.territories).toEqual([{ included: ['Worldwide'], excluded: [] }]);
    expect(values(album.resourceReferences)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7']);
    expect(album.tracks.map((t) => [t.resourceReference.value, t.sequence, t.groupPath])).toEqual([
      ['A1', 1, [1, 1]], ['A2', 2, [1, 1]], ['A3', 3, [1, 1]], ['A4', 4, [1, 1]], ['A5', 5, [1, 1]], ['A6', 6, [1, 1]], ['A7', null, [1]],
    ]);
    expect(m.releases.at(1)!.ids.isrc?.value).toBe('CASE00000001');

    const a1 = m.resources.at(0)!;
    expect(a1).toMatchObject({ kind: 'SoundRecording', type: 'MusicalWorkSoundRecording', reference: { value: 'A1' }, isrc: { value: 'CASE00000001' }, duration: { value: 'PT13M31S' } });
    expect(a1.iswcs?.map((i) => i.value)).toEqual(['T1234567890']);
    expect(a1.technical[0].files).toMatchObject([{ uri: 'A1UCASE0000000401X_01_01.wav', fileName: 'A1UCASE0000000401X_01_01.wav', filePath: null, hash: null }]);
    const cover = m.resources.at(6)!;
    expect(cover).toMatchObject({ kind: 'Image', type: 'FrontCoverImage', proprietaryIds: [{ namespace: 'DPID:PADPIDA0000000001A', value: 'PId0401' }] });
    expect(cover.technical[0].files[0].uri).toBe('A1UCASE0000000401X.jpeg');
  });

  it('reads the FUGA 3.8.2 single (FilePath resources/, MD5, IsEan, Usage/UseType)', async () => {
    const { message: m } = await readSample('audius-protocol/fuga-batch/20240305090206405/8718857546047/8718857546047.xml');
    expect(m.header).toMatchObject({ messageId: { value: 'FUGA_1000254040840' }, threadId: 'FUGA_1000020402803', controlType: 'LiveMessage', sender: { name: 'FUGA' }, recipients: [{ partyIds: ['PADPIDA202401120D9'], name: 'Audius Test DSP' }] });
    const [main, track] = m.releases;
    expect(main).toMatchObject({ kind: 'main', types: ['Single'], ids: { icpn: { value: '8718857546047' }, icpnIsEan: true, catalogNumber: { value: 'Test Products 01' } } });
    expect(main.ids.proprietary).toEqual([{ namespace: 'PADPIDA20110330020', value: '1000020402803' }]);
    expect(track).toMatchObject({ kind: 'track', ids: { isrc: { value: 'NLRD51952976' } } });
    // The ICPN of the track's RelatedRelease is not the track's own id.
    expect(track.ids.icpn).toBeNull();
    const sr = m.resources.at(0)!;
    expect(sr.titles[0]).toMatchObject({ type: 'ReferenceTitle', text: 'All My Single', subTitle: 'Sample Credited Version 1' });
    expect(sr.technical[0]).toMatchObject({ codec: 'FLAC', numberOfChannels: 2, samplingRate: { value: 44.1, unit: 'kHz' }, bitsPerSample: 16, isClip: false });
    expect(sr.technical[0].files).toMatchObject([{
      uri: 'resources/8718857546047_T1_0_SoundRecording_001_001.flac',
      fileName: '8718857546047_T1_0_SoundRecording_001_001.flac',
      filePath: 'resources/',
      hash: { algorithm: 'MD5', value: '5e2994cdd94f14a197283a00387ca451' },
    }]);
    expect(m.deals).toHaveLength(12);
    expect(m.deals.at(0)!).toMatchObject({ commercialModels: ['AdvertisementSupportedModel'], useTypes: ['NonInteractiveStream', 'OnDemandStream'], validity: [{ start: '2021-11-02', end: null }] });
    expect(values(m.deals.at(0)!.territories).slice(0, 3)).toEqual(['AD', 'AL', 'AT']);
    expect(m.deals.at(0)!.territories).toHaveLength(52);
  });

  it('reads the Sony 3.8.1 release-by-release message (/ern/381 declared, preview details without file)', async () => {
    const { message: m } = await readSample('audius-protocol/sony-release-by-release-ern381/A10301A0005108088N/A10301A0005108088N.xml');
    expect(m.version).toBe('3.8.1');
    expect(m.declaredVersion?.value).toBe('/ern/381');
    expect(m.header).toMatchObject({ messageId: { value: '295777533' }, controlType: 'LiveMessage', updateIndicator: 'OriginalMessage' });
    expect(m.releases.map((r) => [r.kind, r.reference?.value, r.ids.grid?.value])).toEqual([
      ['main', 'R0', 'A10301A0005108088N'], ['track', 'R1', 'A10328E0010879163O'], ['track', 'R2', 'A10328E0010879164M'],
    ]);
    expect(m.releases.at(0)!).toMatchObject({ ids: { icpn: { value: '196871335584' }, catalogNumber: { value: 'G010005108088N' } }, labels: ['Sound African Recordings'], parentalWarnings: ['Explicit'] });
    expect(m.releases.at(0)!.tracks.map((t) => `${t.resourceReference.value}:${t.sequence}:${t.groupPath.join('.')}`)).toEqual(['A1:1:1.1', 'A2:2:1.1', 'A9:9:1']);
    const [full, preview] = m.resources.at(0)!.technical;
    expect(full).toMatchObject({ reference: 'T1', codec: 'PCM', isClip: false, files: [{ uri: 'resources/A10301A0005108088N_T-1096524256352_SoundRecording_001-001.mp3', hash: { algorithm: 'MD5', value: '8bb2ce119257314a8fcb215a49f14b33' } }] });
    // PreviewDetails/Duration is the clip's, not the technical details' own.
    expect(preview).toMatchObject({ reference: 'T2', isClip: true, duration: null, files: [] });
  });

  it('reads a 3.7 message (googleinterns 00602557190298.xml)', async () => {
    const { message: m } = await readSample('googleinterns-ddex-mead-parser/00602557190298.xml');
    expect(m.version).toBe('3.7');
    expect(m.header).toMatchObject({ messageId: { value: 'UG2570026' }, sender: { partyIds: ['PADPIDA2013042401U'], name: 'Universal Music Group' } });
    expect(m.releases.map((r) => r.kind)).toEqual(['main', 'track', 'track', 'track', 'track']);
    expect(m.releases.at(0)!).toMatchObject({ ids: { icpn: { value: '00602557190298' } }, labels: ['Interscope'], releaseDate: { value: '2018-02-09' } });
    expect(m.releases.at(0)!.titles[0].text).toBe('The Best of Betty');
    expect(m.releases.at(0)!.displayArtists.map((a) => a.name)).toEqual(['Backfire Betty & The Mufflers']);
    expect(m.resources.map((r) => r.kind)).toEqual(['SoundRecording', 'SoundRecording', 'SoundRecording', 'SoundRecording', 'Image', 'Text', 'Text', 'Text', 'Text']);
    expect([...m.resources].slice(0, 4).map((r) => r.isrc?.value)).toEqual(['USUM71804534', 'USUM71804535', 'USUM71804536', 'USUM71804537']);
    expect(m.deals).toHaveLength(34);
    expect(m.deals.at(0)!).toMatchObject({ commercialModels: ['PayAsYouGoModel'], useTypes: ['ConditionalDownload'] });
  });

  it('joins FilePath "assets" (no trailing slash) with FileName and reads EffectiveDate (miqwit 004_complete)', async () => {
    const { message: m } = await readSample('miqwit-dedex/with_assets/004_complete/1199119911991.xml');
    const file = m.resources.at(0)!.technical[0].files[0];
    expect(file).toMatchObject({ uri: 'assets/1199119911991_001.flac', fileName: '1199119911991_001.flac', filePath: 'assets', hash: { algorithm: 'MD5', value: 'AABBCCDDEEFF11223344556677889900' } });
    // 44100 written with UnitOfMeasure kHz: kept as written, units are not reliable.
    expect(m.resources.at(0)!.technical[0].samplingRate).toEqual({ value: 44100, unit: 'kHz' });
    expect(m.deals.at(0)!).toMatchObject({ effectiveDate: '2017-01-01', distributionChannels: ['InternetAndMobile'], commercialModels: ['PayAsYouGoModel', 'AdvertisementSupportedModel', 'SubscriptionModel'] });
    expect(values(m.deals.at(0)!.territories)).toEqual(['Worldwide']);
  });

  it('reads a 3.8.2 PurgeReleaseMessage (miqwit 017_purged_release)', async () => {
    const { message: m } = await readSample('miqwit-dedex/017_purged_release.xml');
    expect(m.root).toBe('PurgeReleaseMessage');
    expect(m.header).toMatchObject({ messageId: { value: '56779846', path: '/PurgeReleaseMessage/MessageHeader/MessageId' }, controlType: 'TestMessage' });
    expect(m.purgedReleases).toHaveLength(1);
    expect(m.purgedReleases[0].ids).toMatchObject({ icpn: { value: '7665431654967' }, grid: { value: 'AxxxxxxxxxxxZ' }, catalogNumber: { value: '46567987654' } });
    expect(m.purgedReleases[0].titles.map((t) => [t.type, t.text])).toEqual([['FormalTitle', 'Whoa'], ['DisplayTitle', 'Whoa']]);
  });

  it('infers the main release when none carries IsMainRelease (miqwit 009_no_main_release)', async () => {
    const { message: m } = await readSample('miqwit-dedex/009_no_main_release.xml');
    expect(m.releases.map((r) => [r.isMainRelease, r.kind])).toEqual([[null, 'main'], ...Array.from({ length: 6 }, () => [null, 'track'])]);
  });

  it('keeps a territorial override out of the default display data (CRT compound artists / MX override)', async () => {
    const { message: m } = await readSample(CRT + 'Profile_AudioSingle_WithCompoundArtistsAndTerritorialOverride.xml');
    const main = m.releases.at(0)!;
    expect(main.territories).toEqual([{ included: [], excluded: ['MX'] }, { included: ['MX'], excluded: [] }]);
    expect(main.displayArtistNames).toEqual(['Monkey Claw']);
    expect(main.displayArtists.map((a) => a.name)).toEqual(['Monkey Claw']);
    expect(main.releaseDate?.value).toBe('2010-01-01');
    expect(main.tracks).toHaveLength(2);
  });
});

describe('ERN 3.x reader on fragments', () => {
  const wrap = (body: string) => `<?xml version="1.0"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/382" MessageSchemaVersionId="ern/382" BusinessProfileVersionId="CommonDealTypes/13/X">${body}</ern:NewReleaseMessage>`;

  it('decides kinds: no flag and two product releases means no main', async () => {
    const { message: m } = await readXml(wrap(`<ReleaseList>
<Release><ReleaseReference>R0</ReleaseReference><ReleaseType>Album</ReleaseType></Release>
<Release><ReleaseReference>R1</ReleaseReference><ReleaseType>Single</ReleaseType></Release>
<Release><ReleaseReference>R2</ReleaseReference><ReleaseType>VideoTrackRelease</ReleaseType></Release></ReleaseList>`));
    expect(m.businessProfile).toBe('CommonDealTypes/13/X');
    expect(m.releases.map((r) => r.kind)).toEqual(['other', 'other', 'track']);
  });

  it('reads UserDefined AVS escapes, TakeDown, pre-order, excluded territories, validity date-times and PartyId artists', async () => {
    const { message: m } = await readXml(wrap(`<ReleaseList><Release IsMainRelease="true"><ReleaseId><ICPN IsEan="false">123456789012</ICPN></ReleaseId><ReleaseReference>R0</ReleaseReference>
<ReleaseDetailsByTerritory><ExcludedTerritoryCode>US</ExcludedTerritoryCode>
<DisplayArtist SequenceNumber="1"><PartyId IsISNI="true">0000000121032683</PartyId><ArtistRole UserDefinedValue="Hero" Namespace="PADPIDA1">UserDefined</ArtistRole></DisplayArtist>
<ResourceGroup><ResourceGroupContentItem><SequenceNumber>1</SequenceNumber><ReleaseResourceReference>A1</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup></ReleaseDetailsByTerritory>
<GlobalReleaseDate>2021-05-05</GlobalReleaseDate></Release></ReleaseList>
<DealList><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><Deal><DealTerms>
<IsPreOrderDeal>true</IsPreOrderDeal><CommercialModelType UserDefinedValue="DSP Program 6" Namespace="PADPIDA3897722461G">UserDefined</CommercialModelType>
<TakeDown>true</TakeDown><ExcludedTerritoryCode>US</ExcludedTerritoryCode><ExcludedTerritoryCode>CA</ExcludedTerritoryCode>
<ValidityPeriod><StartDateTime>2021-01-01T00:00:00</StartDateTime><EndDateTime>2022-01-01T00:00:00</EndDateTime></ValidityPeriod>
<PreOrderReleaseDate>2021-05-05</PreOrderReleaseDate></DealTerms></Deal></ReleaseDeal></DealList>`));
    const [release] = m.releases;
    expect(release).toMatchObject({ kind: 'main', ids: { icpn: { value: '123456789012' }, icpnIsEan: false }, releaseDate: { value: '2021-05-05', path: '/NewReleaseMessage/ReleaseList/Release/GlobalReleaseDate' } });
    expect(release.displayArtists).toMatchObject([{ name: null, partyIds: ['0000000121032683'], roles: ['UserDefined'], sequence: 1 }]);
    expect(release.territories).toEqual([{ included: [], excluded: ['US'] }]);
    expect(release.tracks.map((t) => t.groupPath)).toEqual([[1]]);
    const [deal] = m.deals;
    expect(deal).toMatchObject({ commercialModels: ['UserDefined'], takeDown: true, allDealsCancelled: false, isPreOrder: true, preOrderReleaseDate: '2021-05-05' });
    expect(values(deal.excludedTerritories)).toEqual(['US', 'CA']);
    expect(deal.excludedTerritories[1]).toMatchObject({ path: '/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/ExcludedTerritoryCode[2]', line: 9, column: 75 });
    expect(deal.validity).toMatchObject([{ start: '2021-01-01T00:00:00', end: '2022-01-01T00:00:00' }]);
  });

  it('reads MIDI and UserDefinedResource kinds and URL files', async () => {
    const { message: m } = await readXml(wrap(`<ResourceList>
<MIDI><MidiType>MusicalWorkMidi</MidiType><MidiId><ISRC>GBAAA0000001</ISRC></MidiId><ResourceReference>A1</ResourceReference><ReferenceTitle><TitleText>M</TitleText></ReferenceTitle>
<MidiDetailsByTerritory><TerritoryCode>Worldwide</TerritoryCode><TechnicalMidiDetails><File><URL>https://example.com/a.mid</URL></File></TechnicalMidiDetails></MidiDetailsByTerritory></MIDI>
<UserDefinedResource><UserDefinedResourceType>Lyrics</UserDefinedResourceType><ResourceReference>A2</ResourceReference></UserDefinedResource></ResourceList>`));
    expect(m.resources.map((r) => [r.kind, r.type, r.reference?.value])).toEqual([['MIDI', 'MusicalWorkMidi', 'A1'], ['UserDefinedResource', 'Lyrics', 'A2']]);
    expect(m.resources.at(0)!.isrc?.value).toBe('GBAAA0000001');
    expect(m.resources.at(0)!.technical[0].files[0]).toMatchObject({ uri: 'https://example.com/a.mid', fileName: null });
  });

  it('does not crash on misplaced or unexpected structure', async () => {
    const { message: m, pass } = await readXml(wrap(`<ReleaseList><Release><ReleaseDetailsByTerritory><ResourceGroup><ResourceGroupContentItem/></ResourceGroup></ReleaseDetailsByTerritory>
<ReleaseId><ICPN/></ReleaseId><Release><ReleaseReference>nested</ReleaseReference></Release></Release></ReleaseList><DealList><Deal><DealTerms><TerritoryCode>X</TerritoryCode></DealTerms></Deal></DealList>`));
    expect(pass.listenerFailures).toEqual([]);
    expect(m.releases).toHaveLength(1);
    expect(m.releases.at(0)!).toMatchObject({ reference: null, tracks: [], ids: { icpn: { value: '' } } });
    expect([...m.deals]).toEqual([]);
  });
});

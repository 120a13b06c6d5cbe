import { describe, expect, it } from 'vitest';
import { readSample, readXml } from './testing/read-message.js';

const values = (list: { value: string }[]) => list.map((l) => l.value);

describe('ERN 4.3 reader on the official samples', () => {
  it('reads 1 Audio.xml: header, album, track releases, parties, resources and deals', async () => {
    const { message: m, pass } = await readSample('ddex-official-ern43/1 Audio.xml');
    expect(pass.listenerFailures).toEqual([]);
    expect(m).toMatchObject({ version: '4.3', family: '4', root: 'NewReleaseMessage', declaredVersion: null, avsVersionId: '3', releaseProfile: 'Audio', languageAndScriptCode: 'en' });
    expect(m.header).toMatchObject({
      threadId: 'Test1',
      messageId: { value: 'Test1.1', path: '/NewReleaseMessage/MessageHeader/MessageId', line: 8, column: 7 },
      sender: { partyIds: ['PADPIDA2013042401U'], name: 'UniversalMusicGroup' },
      recipients: [{ partyIds: ['PADPIDA2009101501Y'], name: 'Sony DADC' }],
      createdDateTime: { value: '2014-09-24T14:57:25+01:00' },
      updateIndicator: null,
    });

    expect(m.releases).toHaveLength(22);
    expect(m.releases.map((r) => r.kind).filter((k) => k === 'main')).toEqual(['main']);
    const album = m.releases.at(0)!;
    expect(album.reference?.value).toBe('R0');
    expect(album.types).toEqual(['Album']);
    expect(album.ids.icpn).toMatchObject({ value: '00094631432057', path: '/NewReleaseMessage/ReleaseList/Release/ReleaseId/ICPN' });
    expect(album.titles[0]).toEqual({ text: 'Yume no Hajmari', subTitle: null, type: 'DisplayTitleText', territory: null, language: null });
    expect(album.titles.filter((t) => t.type === 'DisplayTitle').map((t) => t.language)).toEqual([null, 'ja-Jpan', 'ja-Kana']);
    expect(album.displayArtists).toMatchObject([{ name: 'Saeko Shu', partyReference: 'PSaekoShu', roles: ['MainArtist'], sequence: 1 }]);
    expect(album.displayArtistNames[0]).toBe('Saeko Shu');
    expect(album.labelReferences).toEqual(['PEMI']);
    expect(album.labels).toEqual(['EMI MUSIC JAPAN INC.']);
    expect(album.genres).toMatchObject([{ text: 'J-Pop', territory: 'Worldwide' }]);
    expect(album.duration).toBe('PT36M30S');
    expect(album.parentalWarnings).toEqual(['NoAdviceAvailable']);
    expect(album.tracks.map((t) => t.resourceReference.value)).toEqual(Array.from({ length: 21 }, (_, i) => `A${i + 1}`));
    expect(album.tracks.map((t) => t.sequence)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(album.tracks[0].groupPath).toEqual([1]);
    expect(values(album.linkedResourceReferences ?? [])).toEqual(['A22']);

    const r1 = m.releases.at(1)!;
    expect(r1).toMatchObject({ kind: 'track', reference: { value: 'R1' }, types: [], labels: ['EMI MUSIC JAPAN INC.'] });
    expect(r1.ids.proprietary).toEqual([{ namespace: 'PADPIDA2013042401U', value: '00094631432057_JPTO09404900_R1' }]);
    expect(values(r1.resourceReferences)).toEqual(['A1']);

    expect(m.parties.map((p) => [p.reference.value, p.names[0]])).toEqual([['PSaekoShu', 'Saeko Shu'], ['PEMI', 'EMI MUSIC JAPAN INC.']]);

    expect(m.resources).toHaveLength(22);
    const a1 = m.resources.at(0)!;
    expect(a1).toMatchObject({ kind: 'SoundRecording', type: 'MusicalWorkSoundRecording', duration: { value: 'PT2M28S' }, languages: ['ja'] });
    expect(a1.isrc).toMatchObject({ value: 'JPTO09404900', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/ResourceId/ISRC' });
    expect(a1.pLines).toMatchObject([{ kind: 'P', year: 1994, text: '(P) 1994 EMI Music Japan Inc.' }]);
    expect(a1.technical).toHaveLength(1);
    expect(a1.technical[0]).toMatchObject({ reference: 'T1', files: [{ uri: '0094631432057_01_001.wav', hash: null }] });
    expect(m.resources.map((r) => r.isrc?.value).slice(0, 3)).toEqual(['JPTO09404900', 'JPTO09404910', 'JPTO09404920']);
    const cover = m.resources.at(21)!;
    expect(cover).toMatchObject({ kind: 'Image', type: 'FrontCoverImage', reference: { value: 'A22' }, proprietaryIds: [{ namespace: 'PADPIDA2013042401U', value: 'PACKSHOT:0094631432057' }] });
    expect(cover.technical[0].files[0].uri).toBe('0094631432057.jpg');

    expect(m.deals).toHaveLength(3);
    expect(values(m.deals.at(0)!.releaseReferences)).toHaveLength(21);
    expect(m.deals.at(0)!).toMatchObject({ commercialModels: ['SubscriptionModel', 'AdvertisementSupportedModel'], useTypes: ['ConditionalDownload', 'Stream'], validity: [{ start: '2004-04-01', end: null }] });
    expect(values(m.deals.at(0)!.territories)).toEqual(['JP']);
    expect(m.deals.at(0)!.territories[0].path).toBe('/NewReleaseMessage/DealList/ReleaseDeal/Deal/DealTerms/TerritoryCode');
    expect(values(m.deals.at(2)!.releaseReferences)).toEqual(['R0']);
    expect(m.deals.at(2)!.useTypes).toEqual(['PermanentDownload', 'ConditionalDownload']);
  });

  it.each([
    ['kept as bytes', true],
    ['kept as objects', false],
  ])('resolves references to records before them as it reads them, and keeps the others with their target and location (%s)', async (_way, store) => {
    // In the schema's order (parties, resources, releases, deals) every one of the 43 resource, 22 release and party references resolves as it is read.
    const { message: sample } = await readSample('ddex-official-ern43/1 Audio.xml', undefined, store);
    expect([...sample.unresolvedReferences]).toEqual([]);
    // Out of order: a deal before its releases, a release before its resource, a party named before the party list and one never declared.
    const xml =
      `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43">` +
      `<DealList><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><Deal/></ReleaseDeal></DealList>` +
      `<ResourceList><SoundRecording><ResourceReference>A1</ResourceReference><DisplayArtist><ArtistPartyReference>P1</ArtistPartyReference></DisplayArtist></SoundRecording></ResourceList>` +
      `<ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ResourceGroup><ResourceGroupContentItem><ReleaseResourceReference>A1</ReleaseResourceReference></ResourceGroupContentItem>` +
      `<ResourceGroupContentItem><ReleaseResourceReference>A2</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup>` +
      `<DisplayArtist><ArtistPartyReference>P9</ArtistPartyReference></DisplayArtist></Release></ReleaseList>` +
      `<PartyList><Party><PartyReference>P1</PartyReference></Party></PartyList>` +
      `<ResourceList><SoundRecording><ResourceReference>A2</ResourceReference></SoundRecording></ResourceList>` +
      `<DealList><ReleaseDeal><DealReleaseReference>R0</DealReleaseReference><Deal/></ReleaseDeal></DealList></ern:NewReleaseMessage>`;
    const { message: m } = await readXml(xml, undefined, store);
    const kept = [...m.unresolvedReferences].map((r) => ({ target: r.target, value: r.value, path: r.path, line: r.line }));
    expect(kept).toEqual([
      { target: 'release', value: 'R0', path: '/NewReleaseMessage/DealList/ReleaseDeal/DealReleaseReference', line: 1 },
      { target: 'party', value: 'P1', path: '/NewReleaseMessage/ResourceList/SoundRecording/DisplayArtist/ArtistPartyReference', line: 1 },
      { target: 'resource', value: 'A2', path: '/NewReleaseMessage/ReleaseList/Release/ResourceGroup/ResourceGroupContentItem[2]/ReleaseResourceReference', line: 1 },
      { target: 'party', value: 'P9', path: '/NewReleaseMessage/ReleaseList/Release/DisplayArtist/ArtistPartyReference', line: 1 },
    ]);
  });

  it('reads 4.3 DeliveryFile codec, channels, sampling rate and MD5 (4 SimpleAudioSingle.xml)', async () => {
    const { message: m } = await readSample('ddex-official-ern43/4 SimpleAudioSingle.xml');
    const td = m.resources.at(0)!.technical[0];
    expect(td).toMatchObject({ codec: 'FLAC', numberOfChannels: 2, numberOfChannelsText: '2', samplingRate: { value: 44.1, unit: 'kHz' }, bitsPerSample: 16 });
    expect(td.files[0]).toMatchObject({ uri: 'resources/190295810726_00001_LL.flac', hash: { algorithm: 'MD5', value: 'db7dd2f3bb9b322646e3f4d7b65b47ab' } });
    expect(m.visibilityReferences?.map((v) => v.value)).toEqual(['V0']);
  });

  it('gives the technical details of every kind of resource the same keys, in one order (audio, video and images of the samples)', async () => {
    const kinds = new Map<string, string>();
    for (const file of ['ddex-official-ern43/1 Audio.xml', 'ddex-official-ern43/4 SimpleAudioSingle.xml', 'ddex-official-ern43/5 SimpleVideoSingle.xml']) {
      const { message: m } = await readSample(file, undefined, false);
      for (const r of m.resources) for (const td of r.technical) kinds.set(r.kind, Object.keys(td).join(','));
    }
    expect([...kinds.keys()].sort()).toEqual(['Image', 'SoundRecording', 'Video']);
    expect(new Set(kinds.values()).size).toBe(1);
  });

  it('reads a 4.3 video: VideoEdition ISRC, frame size, frame rate, file (5 SimpleVideoSingle.xml)', async () => {
    const { message: m } = await readSample('ddex-official-ern43/5 SimpleVideoSingle.xml');
    const [video, still] = m.resources;
    expect(video).toMatchObject({ kind: 'Video', type: 'ShortFormMusicalWorkVideo', isrc: { value: 'ZA34L1600009' } });
    expect(video.technical[0]).toMatchObject({ codec: 'MPEG-4', videoWidth: 640, videoHeight: 268, frameRate: 25, imageWidth: null, samplingRate: { value: 48, unit: 'kHz' } });
    expect(video.technical[0].files[0]).toMatchObject({ uri: 'resources/ZA34L1600009_15320.mp4', hash: { algorithm: 'MD5', value: '2a7d3c4dc0165498104368a03e2d9914' } });
    expect(still.technical[0]).toMatchObject({ codec: 'JPEG', imageWidth: 640, imageHeight: 480 });
    expect(m.releases.at(0)!.tracks).toMatchObject([{ resourceReference: { value: 'A1' }, sequence: 1, linked: ['A2'] }]);
  });
});

describe('ERN 4.2 and 4.1 readers', () => {
  it('reads 4.2 ISRC from ResourceId and technical details without DeliveryFile (4 SimpleAudioSingle.xml)', async () => {
    const { message: m } = await readSample('ddex-official-ern42/4 SimpleAudioSingle.xml');
    expect(m.version).toBe('4.2');
    const [release] = m.releases;
    expect(release).toMatchObject({ kind: 'main', types: ['SingleResourceRelease', 'UserDefined'], ids: { grid: { value: 'A10302B0003989564F' } } });
    expect(release.labels).toEqual(['Warner Classics', 'Warner Classics UK']);
    expect(release.pLines).toMatchObject([{ year: 2015 }]);
    expect(release.cLines).toMatchObject([{ year: 2017 }]);
    expect(release.titles.find((t) => t.type === 'AdditionalTitle')?.text).toBe('RIOPY: I Love You');
    const sr = m.resources.at(0)!;
    expect(sr.isrc).toMatchObject({ value: 'GBAYC1700598', path: '/NewReleaseMessage/ResourceList/SoundRecording/ResourceId/ISRC' });
    expect(sr.duration?.value).toBe('PT4M23.583S');
    expect(sr.technical[0]).toMatchObject({ codec: 'FLAC', numberOfChannels: 2, isClip: false, files: [{ uri: 'resources/190295810726_00001_LL.flac', hash: { algorithm: 'MD5' } }] });
    expect(m.deals).toHaveLength(747);
    expect(m.parties.at(0)!).toMatchObject({ reference: { value: 'PRIOPY' }, names: ['RIOPY'], proprietaryIds: [{ namespace: 'PADPIDA2007050901U', value: '1981969' }] });
  });

  it('keeps the text of an AVS escape (UserDefined) in 4.2 8 DjMix.xml', async () => {
    const { message: m } = await readSample('ddex-official-ern42/8 DjMix.xml');
    expect(m.deals.at(0)!.commercialModels).toEqual(['SubscriptionModel', 'UserDefined']);
    expect(values(m.deals.at(0)!.territories)).toEqual(['KR', 'AU', 'PE', 'SG', 'SI', 'GB', 'US', 'VN', 'CA', 'DO', 'FR', 'DE']);
    expect(values(m.releases.at(0)!.linkedResourceReferences ?? [])).toEqual(['A10']);
  });

  it('reads the official 4.1.1 album as 4.1', async () => {
    const { message: m } = await readSample('ddex-official-ern411/1 Audio.xml');
    expect(m.version).toBe('4.1');
    expect(m.releases).toHaveLength(22);
    expect(m.releases.at(0)!).toMatchObject({ kind: 'main', ids: { icpn: { value: '00094631432057' } }, labels: ['EMI MUSIC JAPAN INC.'] });
    expect(m.releases.at(0)!.displayArtists.map((a) => a.name)).toEqual(['Saeko Shu']);
    expect(m.resources.at(0)!.isrc?.path).toBe('/NewReleaseMessage/ResourceList/SoundRecording/ResourceId/ISRC');
    expect(m.resources.at(0)!.technical[0].files[0].uri).toBe('0094631432057_01_001.wav');
    expect([...m.releases].slice(1, 3).map((r) => [r.kind, values(r.resourceReferences)])).toEqual([['track', ['A1']], ['track', ['A2']]]);
  });
});

describe('ERN 4.x reader on fragments', () => {
  const wrap = (body: string) => `<?xml version="1.0"?>\n<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" AvsVersionId="3" LanguageAndScriptCode="en" ReleaseProfileVersionId="Audio" ReleaseProfileVariantVersionId="Classical">${body}</ern:NewReleaseMessage>`;

  it('nests resource groups into groupPath, reads 4.2+ genre categories, clip releases and party ids', async () => {
    const { message: m } = await readXml(wrap(`
<PartyList><Party><PartyReference>P1</PartyReference><PartyId><ISNI>0000000121032683</ISNI><DPID>PADPIDA1</DPID><IpiNameNumber>00052210040</IpiNameNumber></PartyId><PartyName><FullName>Orchestra</FullName></PartyName></Party></PartyList>
<ReleaseList><Release><ReleaseReference>R0</ReleaseReference><ReleaseType>Album</ReleaseType>
<DisplayArtist SequenceNumber="2"><ArtistPartyReference>P1</ArtistPartyReference><DisplayArtistRole>MainArtist</DisplayArtistRole></DisplayArtist>
<DisplayArtist><ArtistPartyReference>P9</ArtistPartyReference></DisplayArtist>
<Genre><GenreText>Classical</GenreText><GenreCategory><Value>Classical</Value></GenreCategory><SubGenreCategory><Value>Baroque</Value></SubGenreCategory></Genre>
<ReleaseDate>2020-01-01</ReleaseDate><ReleaseDate ApplicableTerritoryCode="JP">2020-02-02</ReleaseDate><OriginalReleaseDate>1990</OriginalReleaseDate>
<ResourceGroup><ResourceGroup><SequenceNumber>1</SequenceNumber>
<ResourceGroupContentItem><SequenceNumber>1</SequenceNumber><ReleaseResourceReference>A1</ReleaseResourceReference></ResourceGroupContentItem></ResourceGroup>
<ResourceGroup><SequenceNumber>2</SequenceNumber><ResourceGroup><ResourceGroupContentItem><ReleaseResourceReference>A2</ReleaseResourceReference><LinkedReleaseResourceReference>A3</LinkedReleaseResourceReference></ResourceGroupContentItem></ResourceGroup></ResourceGroup>
</ResourceGroup></Release>
<ClipRelease><ReleaseReference>R9</ReleaseReference><ReleaseResourceReference>A1</ReleaseResourceReference></ClipRelease></ReleaseList>`));
    expect(m.releaseProfileVariant).toBe('Classical');
    expect(m.parties.at(0)!).toMatchObject({ isni: '0000000121032683', dpid: 'PADPIDA1', ipi: '00052210040' });
    const [main, clip] = m.releases;
    expect(main.displayArtists.map((a) => [a.name, a.sequence])).toEqual([['Orchestra', 2], [null, null]]);
    expect(main.genres[0]).toMatchObject({ text: 'Classical', category: 'Classical', subCategory: 'Baroque' });
    expect(main.releaseDate?.value).toBe('2020-01-01');
    expect(main.originalReleaseDate?.value).toBe('1990');
    expect(main.tracks.map((t) => [t.resourceReference.value, t.sequence, t.groupPath, t.linked])).toEqual([
      ['A1', 1, [1, 1], []],
      ['A2', null, [1, 2, 1], ['A3']],
    ]);
    expect(clip).toMatchObject({ kind: 'clip', reference: { value: 'R9' } });
  });

  it('reads 4.1/4.2 TechnicalDetails, FileSize, SHA-256, IsPreview, and a non-integer 4.3 channel count', async () => {
    const { message: m } = await readXml(wrap(`<ResourceList><SoundRecording><ResourceReference>A1</ResourceReference><Type>MusicalWorkSoundRecording</Type>
<SoundRecordingEdition><TechnicalDetails><TechnicalResourceDetailsReference>T1</TechnicalResourceDetailsReference><DeliveryFile><Type>AudioFile</Type><AudioCodecType>WAV</AudioCodecType><NumberOfChannels>Stereo</NumberOfChannels><SamplingRate>96000</SamplingRate><BitRate UnitOfMeasure="kbps">4608</BitRate>
<File><URI>a.wav</URI><HashSum><Algorithm>SHA-256</Algorithm><HashSumValue>abc</HashSumValue></HashSum><FileSize>1024</FileSize></File></DeliveryFile><IsClip>true</IsClip></TechnicalDetails></SoundRecordingEdition>
<Duration>PT1S</Duration></SoundRecording></ResourceList>`));
    const td = m.resources.at(0)!.technical[0];
    expect(td).toMatchObject({ codec: 'WAV', numberOfChannels: null, numberOfChannelsText: 'Stereo', samplingRate: { value: 96000, unit: null }, bitRate: { value: 4608, unit: 'kbps' }, isClip: true });
    expect(td.files[0]).toMatchObject({ uri: 'a.wav', declaredSize: 1024, hash: { algorithm: 'SHA-256', value: 'abc' } });
  });

  it('reads a 4.3 PurgeReleaseMessage', async () => {
    const { message: m } = await readSample('originalworks-protocol/DDEX_messages/ERN_PurgeReleaseMessage_example.xml');
    expect(m.root).toBe('PurgeReleaseMessage');
    expect(m.purgedReleases).toHaveLength(1);
    expect(m.purgedReleases[0].ids.grid).toMatchObject({ value: 'G123456789012345', path: '/PurgeReleaseMessage/PurgedRelease/ReleaseId/GRid', line: 34 });
    expect([...m.releases]).toEqual([]);
  });
});

// Writes a large, schema-valid ERN 4.3 NewReleaseMessage (one album release, N track releases,
// N sound recordings, N deals) by streaming, for the throughput and memory benchmarks.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const pad = (n, w) => String(n).padStart(w, '0');

function gtin13(body12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 ? 3 : 1);
  return body12 + ((10 - (sum % 10)) % 10);
}

// ISRCs unique up to 10 million tracks (year digits = i / 100,000): they used to repeat from the
// 100,001st, and a 1 GB message carried 314,621 duplicate-ISRC findings.
// With `findings`, every recording carries two faults a store's import would refuse: an ISRC with a
// dash (the rule codes-isrc-syntax) and a Duration that is not xs:duration ("3:05": a schema error,
// which xmllint prints too, and the rule resource-duration-valid).
function recording(i, findings = false) {
  const ref = `A${i}`;
  return `    <SoundRecording>
      <ResourceReference>${ref}</ResourceReference>
      <Type>MusicalWorkSoundRecording</Type>
      <SoundRecordingEdition>
        <ResourceId>
          <ISRC>GB${findings ? '-' : ''}XYZ${pad(Math.floor(i / 100000) % 100, 2)}${pad(i % 100000, 5)}</ISRC>
        </ResourceId>
        <PLine>
          <Year>2026</Year>
          <PLineText>(P) 2026 Benchmark Records</PLineText>
        </PLine>
        <TechnicalDetails>
          <TechnicalResourceDetailsReference>T${i}</TechnicalResourceDetailsReference>
          <DeliveryFile>
            <Type>AudioFile</Type>
            <AudioCodecType>FLAC</AudioCodecType>
            <NumberOfChannels>2</NumberOfChannels>
            <SamplingRate UnitOfMeasure="Hz">44100</SamplingRate>
            <BitsPerSample>16</BitsPerSample>
            <File>
              <URI>resources/track_${pad(i, 6)}.flac</URI>
              <HashSum>
                <Algorithm>MD5</Algorithm>
                <HashSumValue>d41d8cd98f00b204e9800998ecf8427e</HashSumValue>
              </HashSum>
            </File>
          </DeliveryFile>
        </TechnicalDetails>
      </SoundRecordingEdition>
      <DisplayTitleText>Benchmark Track ${i}</DisplayTitleText>
      <DisplayTitle>
        <TitleText>Benchmark Track ${i}</TitleText>
      </DisplayTitle>
      <DisplayArtistName>The Benchmarks</DisplayArtistName>
      <DisplayArtist SequenceNumber="1">
        <ArtistPartyReference>PArtist1</ArtistPartyReference>
        <DisplayArtistRole>MainArtist</DisplayArtistRole>
      </DisplayArtist>
      <Duration>${findings ? `3:${pad(i % 60, 2)}` : `PT3M${pad(i % 60, 2)}S`}</Duration>
      <ParentalWarningType>NotExplicit</ParentalWarningType>
    </SoundRecording>
`;
}

function trackRelease(i) {
  return `    <TrackRelease>
      <ReleaseReference>R${i}</ReleaseReference>
      <ReleaseId>
        <ProprietaryId Namespace="PADPIDA2024010101X">BENCH_${pad(i, 7)}</ProprietaryId>
      </ReleaseId>
      <ReleaseResourceReference>A${i}</ReleaseResourceReference>
      <ReleaseLabelReference>PLabel1</ReleaseLabelReference>
      <Genre>
        <GenreText>Pop</GenreText>
      </Genre>
    </TrackRelease>
`;
}

function deal(i) {
  return `    <ReleaseDeal>
      <DealReleaseReference>R${i}</DealReleaseReference>
      <Deal>
        <DealTerms>
          <TerritoryCode>Worldwide</TerritoryCode>
          <ValidityPeriod>
            <StartDate>2026-12-04</StartDate>
          </ValidityPeriod>
          <CommercialModelType>SubscriptionModel</CommercialModelType>
          <UseType>OnDemandStream</UseType>
        </DealTerms>
      </Deal>
    </ReleaseDeal>
`;
}

/**
 * Writes a message of about `targetBytes`; returns the track count. `findings`: each recording
 * broken twice over (see `recording`), for a report of tens of thousands of findings.
 */
export async function generateErn43(file, targetBytes, { findings = false } = {}) {
  const perTrack = Buffer.byteLength(recording(1) + trackRelease(1) + deal(1)) + 120;
  const tracks = Math.max(1, Math.ceil(targetBytes / perTrack));
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" ReleaseProfileVersionId="Audio" LanguageAndScriptCode="en" AvsVersionId="3">
  <MessageHeader>
    <MessageId>bench-1</MessageId>
    <MessageSender>
      <PartyId>PADPIDA2024010101X</PartyId>
    </MessageSender>
    <MessageRecipient>
      <PartyId>PADPIDA2024010102Y</PartyId>
    </MessageRecipient>
    <MessageCreatedDateTime>2026-11-01T10:00:00Z</MessageCreatedDateTime>
  </MessageHeader>
  <PartyList>
    <Party>
      <PartyReference>PArtist1</PartyReference>
      <PartyName>
        <FullName>The Benchmarks</FullName>
      </PartyName>
    </Party>
    <Party>
      <PartyReference>PLabel1</PartyReference>
      <PartyName>
        <FullName>Benchmark Records</FullName>
      </PartyName>
    </Party>
  </PartyList>
  <ResourceList>
`);
  for (let i = 1; i <= tracks; i++) await write(recording(i, findings));
  await write(`    <Image>
      <ResourceReference>A0</ResourceReference>
      <Type>FrontCoverImage</Type>
      <ResourceId>
        <ProprietaryId Namespace="PADPIDA2024010101X">COVER-BENCH</ProprietaryId>
      </ResourceId>
      <TechnicalDetails>
        <TechnicalResourceDetailsReference>T0</TechnicalResourceDetailsReference>
        <ImageCodecType>JPEG</ImageCodecType>
        <ImageHeight>3000</ImageHeight>
        <ImageWidth>3000</ImageWidth>
        <File>
          <URI>resources/cover.jpg</URI>
        </File>
      </TechnicalDetails>
    </Image>
  </ResourceList>
  <ReleaseList>
    <Release>
      <ReleaseReference>R0</ReleaseReference>
      <ReleaseType>Album</ReleaseType>
      <ReleaseId>
        <ICPN>${gtin13('501234567890')}</ICPN>
        <CatalogNumber Namespace="PADPIDA2024010101X">BENCH-0001</CatalogNumber>
      </ReleaseId>
      <DisplayTitleText>Benchmark Album</DisplayTitleText>
      <DisplayTitle>
        <TitleText>Benchmark Album</TitleText>
      </DisplayTitle>
      <DisplayArtistName>The Benchmarks</DisplayArtistName>
      <DisplayArtist SequenceNumber="1">
        <ArtistPartyReference>PArtist1</ArtistPartyReference>
        <DisplayArtistRole>MainArtist</DisplayArtistRole>
      </DisplayArtist>
      <ReleaseLabelReference>PLabel1</ReleaseLabelReference>
      <PLine>
        <Year>2026</Year>
        <PLineText>(P) 2026 Benchmark Records</PLineText>
      </PLine>
      <CLine>
        <Year>2026</Year>
        <CLineText>(C) 2026 Benchmark Records</CLineText>
      </CLine>
      <Genre>
        <GenreText>Pop</GenreText>
      </Genre>
      <ReleaseDate>2026-12-04</ReleaseDate>
      <ParentalWarningType>NotExplicit</ParentalWarningType>
      <ResourceGroup>
`);
  for (let i = 1; i <= tracks; i++) {
    await write(`        <ResourceGroupContentItem>
          <SequenceNumber>${i}</SequenceNumber>
          <ReleaseResourceReference>A${i}</ReleaseResourceReference>
        </ResourceGroupContentItem>
`);
  }
  await write(`        <LinkedReleaseResourceReference>A0</LinkedReleaseResourceReference>
      </ResourceGroup>
    </Release>
`);
  for (let i = 1; i <= tracks; i++) await write(trackRelease(i));
  await write(`  </ReleaseList>
  <DealList>
`);
  await write(deal(0));
  for (let i = 1; i <= tracks; i++) await write(deal(i));
  await write(`  </DealList>
</ern:NewReleaseMessage>
`);
  out.end();
  await once(out, 'finish');
  return tracks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, mb] = process.argv.slice(2);
  const tracks = await generateErn43(file, Number(mb ?? 1) * 1024 * 1024);
  console.log(`${file}: ${tracks} tracks`);
}

/**
 * The errors our rules find in samples that libxml2 calls schema-valid, each with why it is a real
 * defect. The corpus test fails when a valid sample gets an error not listed here, and when a
 * listed error no longer fires, so this list (and the README section built from it) stays true.
 */

/**
 * `xml-schema-valid` appears here only for xs:ID/xs:IDREF findings: XSD 1.0 (cvc-id.1, cvc-id.2)
 * requires IDs to be unique and IDREFs to resolve on element content too, which the compiled
 * validator checks and libxml2 (the INDEX.csv verdicts) does only for attributes. See src/xsd/README.md.
 */
export const IDENTITY_MESSAGE = /Duplicate ID|does not match any ID/;

export interface KnownDefect {
  /** Sample path under samples/, or a folder prefix ending in '/'. */
  sample: string;
  rules: string[];
  reason: string;
}

const CRT = 'ddex-official-crt-ern382/Release Profiles Samples/';

export const KNOWN_DEFECTS: KnownDefect[] = [
  ...[
    'AudioAlbumMusicOnly',
    'AudioAlbum_WithBooklet',
    'AudioSingle',
    'AudioSingle_WithCompoundArtistsAndTerritorialOverride',
    'DigitalBoxedSet_1',
    'DigitalClassicalAudioAlbum_BestOf',
    'DigitalClassicalAudioAlbum_MulitPartWork',
    'LongformMusicVideo',
    'MixedMediaBundle',
    'Ringtone',
    'SimpleVideoSingle',
    'VideoAlbum',
  ].map((name) => ({
    sample: `${CRT}Profile_${name}.xml`,
    rules: ['deals-present'],
    reason: 'DDEX release-profile sample: shows release structure only and carries no DealList; a store cannot sell a release without a deal.',
  })),
  { sample: 'lickdlabs-distributions/381.xml', rules: ['deals-present'], reason: 'No DealList.' },
  { sample: 'lickdlabs-distributions/382.xml', rules: ['deals-present'], reason: 'No DealList.' },
  { sample: 'musictechlab-brave-ddexvalidator/ern382.xml', rules: ['deals-present'], reason: 'No DealList.' },
  { sample: 'miqwit-dedex/001_audioalbum_complete.xml', rules: ['deals-present'], reason: 'No DealList.' },
  { sample: 'miqwit-dedex/009_no_main_release.xml', rules: ['deals-present'], reason: 'No DealList (and no main release, the intended defect).' },
  { sample: 'miqwit-dedex/011_one_resource_unused.xml', rules: ['deals-present'], reason: 'No DealList.' },
  { sample: 'miqwit-dedex/Profile_AudioAlbum_WithBooklet.xml', rules: ['deals-present'], reason: 'Copy of the DDEX release-profile sample: no DealList.' },
  { sample: 'audius-protocol/cpd-batches/CPD5/20161024145603125/721620118165/721620118165.xml', rules: ['deals-present'], reason: 'Derived from a release-profile sample: no DealList.' },
  {
    sample: 'miqwit-dedex/006_zero_sound_recordings.xml',
    rules: ['xml-schema-valid', 'release-reference-resolves', 'deals-present'],
    reason: 'Intended defect: the release references sound recordings the ResourceList does not hold; no DealList.',
  },
  {
    sample: 'miqwit-dedex/007_zero_image.xml',
    rules: ['xml-schema-valid', 'release-reference-resolves', 'deals-present'],
    reason: 'Intended defect: the release references an image the ResourceList does not hold; no DealList.',
  },
  { sample: `${CRT}Profile_DigitalClassicalAudioAlbum_BestOf.xml`, rules: ['codes-isrc-syntax'], reason: 'Placeholder ISRCs that are not ISRCs.' },
  { sample: `${CRT}Profile_DigitalClassicalAudioAlbum_MulitPartWork.xml`, rules: ['codes-icpn-valid'], reason: 'Placeholder UPC with a wrong GS1 check digit.' },
  { sample: 'ddex-official-ern42/8 DjMix.xml', rules: ['codes-icpn-valid'], reason: 'Placeholder UPC 123123123123: wrong GS1 check digit.' },
  { sample: 'ddex-official-ern43/8 DjMix.xml', rules: ['codes-icpn-valid'], reason: 'Placeholder UPC 123123123123: wrong GS1 check digit.' },
  { sample: 'ddex-official-ern43/3 MixedMedia.xml', rules: ['codes-icpn-valid'], reason: 'Placeholder UPCs 5099907138457 / 05099907138655: wrong GS1 check digits.' },
  { sample: 'miqwit-dedex/014_missing_deal.xml', rules: ['codes-icpn-valid'], reason: 'UPC with a wrong GS1 check digit.' },
  { sample: 'miqwit-dedex/with_assets/004_complete/1199119911991.xml', rules: ['codes-icpn-valid'], reason: 'UPC 1199119911991 has a wrong GS1 check digit.' },
  { sample: 'originalworks-protocol/DDEX_messages/ERN_NewReleaseMessage_example.xml', rules: ['codes-icpn-valid'], reason: 'Example UPC with a wrong GS1 check digit.' },
  { sample: 'originalworks-protocol/ow_blob_codec/tests/assets/valid_xml/ERN_example_1.xml', rules: ['codes-icpn-valid', 'deals-present'], reason: 'Example UPC with a wrong check digit; no DealList.' },
  { sample: 'originalworks-protocol/ow_data_provider_cli/tests/asset_one/test.xml', rules: ['codes-icpn-valid', 'deals-present'], reason: 'Example UPC with a wrong check digit; no DealList.' },
  { sample: 'originalworks-protocol/ow_data_provider_cli/tests/asset_two/name.xml', rules: ['codes-icpn-valid', 'deals-present'], reason: 'Example UPC with a wrong check digit; no DealList.' },
  {
    sample: 'sshaw-synthetic-instances/',
    rules: ['xml-schema-valid', 'codes-icpn-valid', 'release-reference-resolves', 'codes-isrc-syntax', 'release-primary-resource-present', 'release-date-valid', 'deals-release-covered'],
    reason: 'Tool-generated schema instances with random values: codes, references (dangling and duplicate IDs), dates and deal links are noise.',
  },
  // ern37_instance1's main release is a MusicalWorkBasedGameRelease: a game, which carries no cover.
  ...['ern38_instance1.xml', 'ern41_instance1.xml'].map((file) => ({
    sample: `sshaw-synthetic-instances/${file}`,
    rules: ['release-cover-art-present'],
    reason: 'Random instance: the audio release references no front cover image.',
  })),
  { sample: 'sshaw-synthetic-instances/ern38_instance1.xml', rules: ['deals-terms-complete'], reason: 'Random instance: a deal with neither CommercialModelType nor UseType.' },
  {
    sample: 'ddex-official-crt-ern382/Business Profiles Samples/',
    rules: ['release-title-present', 'release-display-artist-present', 'release-label-present', 'release-main-id-present', 'release-pline-present', 'release-primary-resource-present', 'genres-present'],
    reason: 'DDEX business-profile samples show deals only: the Release is a placeholder (empty ReleaseId and TitleText, no resources, artist, label, P-line or genre), as the samples\' own comment says.',
  },
  ...[
    'LiveCycle_AdditionalTerritorialClearancesGrant', 'LiveCycle_InitialTerritorialDeal', 'LiveCycle_InitialWorldwideDeal', 'LiveCycle_Takedown',
    'Profile_AdSupportedDownloadService', 'Profile_AdSupportedTetheredDownloadService', 'Profile_DrmProtectedAdSupportedDownloadService',
    'Profile_GenericAdSupportedStreaming', 'Profile_GenericDownloadService', 'Profile_GenericPayAsYouGoStreaming', 'Profile_GenericSubscriptionStreaming',
    'Profile_InteractiveSubscriptionStreamingService', 'Profile_NonInteractiveAdSupportedStreamingService',
    'Profile_NonInteractiveSubscriptionStreamingServiceOnDevice', 'Profile_NonProtectedAdSupportedDownloadService', 'Profile_NonProtectedDownloadService',
    'Profile_TetheredDownloadService',
  ].map((name) => ({
    sample: `ddex-official-crt-ern382/Business Profiles Samples/${name}.xml`,
    rules: ['release-cover-art-present'],
    reason: 'Placeholder release of a business-profile sample: no cover image (the ringtone profile sample needs none).',
  })),
  ...['1_CPD1/20161024145603121', '2_CPD2/20161024145603122', 'CPD1/20161024145603121', 'CPD2/20161024145603122', 'CPD3/20161024145603123'].map((batch) => ({
    sample: `audius-protocol/cpd-batches/${batch}/721620118165/721620118165.xml`,
    rules: ['deals-release-covered'],
    reason: 'Deals name only the track releases (R1-R6); the album R0 itself has no deal, so the product could not be sold as an album.',
  })),
  { sample: `${CRT}Profile_DigitalClassicalAudioAlbum_BestOf.xml`, rules: ['release-duration-valid'], reason: 'Placeholder durations PT0S on every sound recording.' },
  {
    sample: 'lickdlabs-distributions/381.xml',
    rules: ['release-display-artist-present', 'release-label-present', 'release-pline-present', 'release-primary-resource-present', 'genres-present'],
    reason: 'Test message: the release has no display artist, label, P-line or genre, and its main release references only an image and a track release\'s resource list.',
  },
  {
    sample: 'lickdlabs-distributions/382.xml',
    rules: ['release-display-artist-present', 'release-label-present', 'release-pline-present', 'genres-present'],
    reason: 'Test message: the release has no display artist, label, P-line or genre.',
  },
  { sample: 'miqwit-dedex/006_zero_sound_recordings.xml', rules: ['release-primary-resource-present'], reason: 'Intended defect: the release has no sound recording.' },
  { sample: 'miqwit-dedex/007_zero_image.xml', rules: ['release-cover-art-present'], reason: 'Intended defect: the release has no cover image.' },
  { sample: 'originalworks-protocol/DDEX_messages/ERN_NewReleaseMessage_example.xml', rules: ['genres-present', 'deals-terms-complete'], reason: 'Empty GenreText; the deal names neither a CommercialModelType nor a UseType.' },
  ...['ow_blob_codec/tests/assets/valid_xml/ERN_example_1.xml', 'ow_data_provider_cli/tests/asset_one/test.xml', 'ow_data_provider_cli/tests/asset_two/name.xml'].map((file) => ({
    sample: `originalworks-protocol/${file}`,
    rules: ['genres-present'],
    reason: 'The release\'s only Genre has an empty GenreText.',
  })),
];

/** The documented rules for a sample (all entries that match it). */
export function knownDefectsOf(sample: string): Set<string> {
  const rules = new Set<string>();
  for (const entry of KNOWN_DEFECTS) {
    if (entry.sample === sample || (entry.sample.endsWith('/') && sample.startsWith(entry.sample))) for (const r of entry.rules) rules.add(r);
  }
  return rules;
}

/** Spotify's published delivery requirements (Provider Support and Content Operations pages), each with its source. */
import type { Source, StoreProfile } from './types.js';

const READ = '2026-11-25';
const GETTING_STARTED: Source = { url: 'https://providersupport.spotify.com/article/step-1-getting-startedd', title: 'Step 1 : Getting Started.. (Spotify Provider Support, ERN 4 upgrade)', read: READ };
const TEST_DELIVERIES: Source = { url: 'https://providersupport.spotify.com/article/step-3-sending-your-test-deliveries', title: 'Step 3: Sending your test deliveries (Spotify Provider Support)', read: READ };
const FILES: Source = { url: 'https://content-ops.atspotify.com/hc/en-us/articles/360050809271--MUSIC-I-have-a-question-about-specific-audio-and-or-artwork-files', title: '[MUSIC] I have a question about specific audio and/or artwork files (Spotify Content Operations)', read: READ };

export const SPOTIFY: StoreProfile = {
  id: 'spotify',
  name: 'Spotify',
  requirements: [
    { id: 'spotify-ern-version', text: 'ERN 4.3 only, for deliveries from 2026-04-01 (ERN 3.7 to 4.2 are no longer accepted).', rule: 'release-ern-version-accepted', options: { versions: ['4.3'], from: '2026-04-01' }, source: GETTING_STARTED },
    { id: 'spotify-validity-start', text: 'Every ValidityPeriod contains a StartDate.', rule: 'deals-validity-start-present', source: GETTING_STARTED },
    { id: 'spotify-deal-terms', text: 'CommercialModelType and UseType are included in every deal.', rule: 'deals-terms-complete', source: GETTING_STARTED },
    { id: 'spotify-classical-type', text: 'Classical releases, whatever their track count, have the ReleaseType ClassicalAlbum.', rule: 'release-classical-type', options: { genres: ['Classical'], releaseType: 'ClassicalAlbum' }, source: GETTING_STARTED },
    {
      id: 'spotify-audio-format',
      text: 'Audio is FLAC or WAV, 16 or 24 bit, 2 channels, 44.1 kHz or more.',
      rule: 'audio-format-accepted',
      profile: { audio: { formats: ['flac', 'wav-pcm'], bitDepths: [16, 24], minSampleRate: 44100, channels: [2] } },
      source: FILES,
    },
    { id: 'spotify-wav-structure', text: 'WAV files use format code 0x0001 (WAVE_FORMAT_PCM), never 0xFFFE (WAVE_FORMAT_EXTENSIBLE), have valid fmt and data chunks and nothing but audio after the data chunk starts.', rule: 'audio-wav-structure', source: FILES },
    { id: 'spotify-cover-size', text: 'Cover art is at least 640 px in width and height.', rule: 'artwork-size-minimum', profile: { artwork: { minPixels: 640, square: false } }, source: FILES },
    { id: 'spotify-cover-square', text: 'The preferred aspect ratio of cover art is 1:1 (a preference: a warning).', rule: 'artwork-size-minimum', profile: { artwork: { minPixels: 0, square: true } }, severity: 'warn', source: FILES },
    {
      id: 'spotify-cover-rgb',
      text: 'Images are RGB (24 bits per pixel to guarantee ingestion), in TIFF, PNG or JPEG.',
      rule: 'artwork-format-accepted',
      profile: { artwork: { formats: ['tiff', 'png', 'jpeg'], colorSpaces: ['srgb', 'rgb'], maxBytes: Number.MAX_SAFE_INTEGER } },
      source: FILES,
    },
    { id: 'spotify-batch-complete', text: 'A non-empty BatchComplete file completes each delivery.', rule: 'package-batch-complete-present', source: TEST_DELIVERIES },
    { id: 'spotify-purge-not-takedown', text: 'A PurgeReleaseMessage is not accepted as a takedown.', rule: 'deals-purge-not-takedown', source: TEST_DELIVERIES },
  ],
  notSourced: [
    'The accepted CommercialModelType and UseType lists: the pages read point to section 2.3 "Deal Terms" of the Spotify Onboarding Guideline, whose lists were not in the text read (only their presence is checked).',
    'Only full tracks, no "sample clips": not checkable from the delivery.',
  ],
};

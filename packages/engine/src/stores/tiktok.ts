/** TikTok's published delivery requirements, from SoundOn (TikTok's own distribution service) help pages, each with its source. */
import type { Source, StoreProfile } from './types.js';

const READ = '2026-11-25';
const FAQ: Source = {
  url: 'https://soundon.global/knowledge/faq?group=moderation_guidelines&lang=pt-BR&question=my_release_was_disapproved_rejected',
  title: 'SoundOn FAQ, moderation guidelines: my release was disapproved/rejected (Portuguese edition)',
  read: READ,
};
const AUDIO: Source = {
  url: 'https://soundon.global/knowledge/article/what-are-the-requirements-for-my-audio-files?lang=pt-BR',
  title: 'SoundOn: Quais são os requisitos para meus arquivos de áudio? (What are the requirements for my audio files?)',
  read: READ,
};

export const TIKTOK: StoreProfile = {
  id: 'tiktok',
  name: 'TikTok',
  requirements: [
    {
      id: 'tiktok-audio-format',
      text: 'Audio is WAV or MP3 (the SoundOn audio article: WAV or FLAC), 44.1 kHz or more, 16 bit or more.',
      rule: 'audio-format-accepted',
      profile: { audio: { formats: ['wav-pcm', 'mp3', 'flac'], bitDepths: [16, 24, 32], minSampleRate: 44100, channels: [] } },
      source: FAQ,
    },
    { id: 'tiktok-audio-size', text: 'Each audio file is under 200 MB.', rule: 'audio-file-size-maximum', options: { maxBytes: 200 * 1024 * 1024 }, source: FAQ },
    { id: 'tiktok-audio-duration', text: 'No track shorter than 60 seconds.', rule: 'audio-duration-minimum', options: { seconds: 60 }, source: FAQ },
    { id: 'tiktok-audio-silence', text: 'No more than 5 seconds of silence at the start or at the end of a track.', rule: 'audio-silence-maximum', options: { seconds: 5 }, source: AUDIO },
    { id: 'tiktok-cover-size', text: 'Cover art is a perfect square larger than 1600 x 1600 px.', rule: 'artwork-size-minimum', profile: { artwork: { minPixels: 1601, square: true } }, source: FAQ },
    { id: 'tiktok-cover-format', text: 'Cover art is JPEG or PNG, under 10 MB.', rule: 'artwork-format-accepted', profile: { artwork: { formats: ['jpeg', 'png'], maxBytes: 10 * 1024 * 1024, colorSpaces: [] } }, source: FAQ },
  ],
  notSourced: [
    'The SoundOn pages disagree on formats: the FAQ says WAV or MP3, the audio article WAV (recommended) or FLAC, other types being converted to FLAC; all three are accepted here.',
    'What counts as silence is not said: ddex-check counts audio below -60 dBFS for at least 0.5 s.',
    'Content rules (karaoke, dialogue-only tracks, ringtones, low production quality, unlicensed samples, text on the cover): not checkable from the files.',
    'Pages read in their Portuguese editions (the English ones were not in the text available).',
  ],
};

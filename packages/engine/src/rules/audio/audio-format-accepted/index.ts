/** Each audio file is in a format, bit depth, sample rate and channel layout the service profile accepts. */
import { mediaFileRule } from '../../media-file-rule.js';
import { formatLabel, listLabels } from '../../../media/codec-names.js';
import { service, store } from '../../sources.js';

export default mediaFileRule({
  id: 'audio-format-accepted',
  stage: 'audio',
  kinds: ['SoundRecording'],
  at: 'file',
  meta: {
    label: 'Audio format accepted',
    description: 'Each sound recording file is in an accepted format (default: FLAC or PCM WAV, 16 or 24 bit, 44.1 kHz or more, stereo).',
    sources: [
      service('Service profile `audio`: DDEX leaves audio quality to the recipient, the default asks for FLAC or PCM WAV, 16 or 24 bit, 44.1 kHz or more, stereo.'),
      store('spotifyFiles', 'FLAC or WAV, 16 or 24 bit, 2 channels, 44.1 kHz or more (spotify-audio-format)'),
      store('tiktokRejected', 'WAV or MP3, 44.1 kHz or more, 16 bit or more (tiktok-audio-format)'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      format: 'The audio file "{file}" of resource {resource} is {format}; the service accepts {accepted}.',
      bitDepth: 'The audio file "{file}" of resource {resource} is {bits}-bit; the service accepts {accepted}-bit.',
      sampleRate: 'The audio file "{file}" of resource {resource} is sampled at {rate} Hz; the service needs at least {min} Hz.',
      channels: 'The audio file "{file}" of resource {resource} has {channels} channel(s); the service accepts {accepted}.',
    },
    hint: {
      format: 'Deliver the lossless master as {accepted}.',
      bitDepth: 'Export the master at {accepted} bits per sample.',
      sampleRate: 'Export the master at {min} Hz or more (do not upsample a lossy file).',
      channels: 'Export the master with {accepted} channel(s).',
    },
  },
  check({ facts }, report, ctx) {
    const profile = ctx.profile.audio;
    const audio = facts.audio;
    if (!audio?.format) return;
    if (profile.formats.length && !profile.formats.includes(audio.format)) {
      report('format', { format: formatLabel(audio.format), accepted: listLabels(profile.formats) });
      return; // depth and rate of a refused format add nothing
    }
    if (audio.bitsPerSample !== null && profile.bitDepths.length && !profile.bitDepths.includes(audio.bitsPerSample)) {
      report('bitDepth', { bits: audio.bitsPerSample, accepted: profile.bitDepths.join(' or ') });
    }
    if (audio.sampleRate !== null && audio.sampleRate < profile.minSampleRate) {
      report('sampleRate', { rate: audio.sampleRate, min: profile.minSampleRate });
    }
    if (audio.channels !== null && profile.channels.length && !profile.channels.includes(audio.channels)) {
      report('channels', { channels: audio.channels, accepted: profile.channels.join(' or ') });
    }
  },
});

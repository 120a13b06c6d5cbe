/** What the message declares about each audio file (codec, sample rate, bit depth, channels, duration) matches the file. */
import { mediaFileRule } from '../../media-file-rule.js';
import { declaredCodecAgrees, formatLabel } from '../../../media/codec-names.js';
import { formatSeconds, parseDuration } from '../../../media/duration.js';
import { xsd } from '../../sources.js';

/** SamplingRate units are unreliable (44.1 with kHz, 44100 with or without a unit): below 1000 it is kHz. */
export function declaredHz(rate: { value: number; unit: string | null } | null): number | null {
  if (!rate) return null;
  return /^k/i.test(rate.unit ?? '') || rate.value < 1000 ? Math.round(rate.value * 1000) : Math.round(rate.value);
}

export default mediaFileRule({
  id: 'audio-details-match',
  stage: 'audio',
  kinds: ['SoundRecording'],
  at: 'technical',
  meta: {
    label: 'Audio details match',
    description: 'The codec, sampling rate, bits per sample, channels and duration declared for each sound recording match its file.',
    sources: [
      xsd('4.3', 'SoundRecording/TechnicalDetails (TechnicalSoundRecordingDetails): AudioCodecType, SamplingRate, BitsPerSample, NumberOfChannels, Duration'),
      xsd('3.8.2', 'SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails and SoundRecording/Duration'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      codec: 'Resource {resource} declares {field} "{declared}", but "{file}" is {actual}.',
      value: 'Resource {resource} declares {field} {declared}, but "{file}" has {actual}.',
      duration: 'Resource {resource} declares a duration of {declared} ({declaredText}), but "{file}" lasts {actual} (more than {tolerance} s apart).',
    },
    hint: {
      codec: 'Correct the declared codec, or deliver the file in the declared format.',
      value: 'Correct the technical details from the delivered file, or deliver the right file.',
      duration: 'Write the duration of the delivered audio, or deliver the complete file.',
    },
  },
  check({ resource, technical, facts }, report, ctx) {
    const tolerance = ctx.profile.audio.durationToleranceSeconds;
    const audio = facts.audio;
    if (!audio?.format) return;
    if (declaredCodecAgrees('audio', technical.codec, audio.format) === false) {
      report('codec', { field: 'AudioCodecType', declared: technical.codec, actual: formatLabel(audio.format) });
    }
    const hz = declaredHz(technical.samplingRate);
    if (hz !== null && audio.sampleRate !== null && Math.abs(hz - audio.sampleRate) > 1) {
      report('value', { field: 'SamplingRate', declared: `${hz} Hz`, actual: `${audio.sampleRate} Hz` });
    }
    if (technical.bitsPerSample !== null && audio.bitsPerSample !== null && technical.bitsPerSample !== audio.bitsPerSample) {
      report('value', { field: 'BitsPerSample', declared: technical.bitsPerSample, actual: `${audio.bitsPerSample} bits` });
    }
    if (technical.numberOfChannels !== null && audio.channels !== null && technical.numberOfChannels !== audio.channels) {
      report('value', { field: 'NumberOfChannels', declared: technical.numberOfChannels, actual: `${audio.channels} channel(s)` });
    }
    if (audio.durationSeconds === null) return;
    const declared = [
      { text: resource.duration?.value ?? null, loc: resource.duration },
      { text: technical.duration, loc: technical.loc },
    ];
    for (const { text, loc } of declared) {
      const seconds = parseDuration(text);
      if (seconds === null || Math.abs(seconds - audio.durationSeconds) <= tolerance) continue;
      // Where the duration is declared: the resource's Duration or its technical details' (a text is there, so is its place).
      report('duration', { declared: formatSeconds(seconds), declaredText: text, actual: formatSeconds(audio.durationSeconds), tolerance }, loc);
    }
  },
});

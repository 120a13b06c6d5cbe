/** What the message declares about each audio file (codec, sample rate, bit depth, channels, duration) matches the file. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { declaredCodecAgrees, formatLabel } from '../../../media/codec-names.js';
import { formatSeconds, parseDuration } from '../../../media/duration.js';
import { xsd } from '../../sources.js';

/** SamplingRate units are unreliable (44.1 with kHz, 44100 with or without a unit): below 1000 it is kHz. */
export function declaredHz(rate: { value: number; unit: string | null } | null): number | null {
  if (!rate) return null;
  return /^k/i.test(rate.unit ?? '') || rate.value < 1000 ? Math.round(rate.value * 1000) : Math.round(rate.value);
}

export default defineRule({
  id: 'audio-details-match',
  stage: 'audio',
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
      ...ALONE_MESSAGE,
    },
    hint: {
      codec: 'Correct the declared codec, or deliver the file in the declared format.',
      value: 'Correct the technical details from the delivered file, or deliver the right file.',
      duration: 'Write the duration of the delivered audio, or deliver the complete file.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const tolerance = ctx.profile.audio.durationToleranceSeconds;
        for (const { resource, technical, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          const audio = facts.audio;
          if (!audio?.format) continue;
          const base = { file: entry.path, resource: reference ?? '(no reference)' };
          const at = { loc: technical.loc, resource: reference };
          if (declaredCodecAgrees('audio', technical.codec, audio.format) === false) {
            ctx.report({ messageId: 'codec', ...at, data: { ...base, field: 'AudioCodecType', declared: technical.codec, actual: formatLabel(audio.format) } });
          }
          const hz = declaredHz(technical.samplingRate);
          if (hz !== null && audio.sampleRate !== null && Math.abs(hz - audio.sampleRate) > 1) {
            ctx.report({ messageId: 'value', ...at, data: { ...base, field: 'SamplingRate', declared: `${hz} Hz`, actual: `${audio.sampleRate} Hz` } });
          }
          if (technical.bitsPerSample !== null && audio.bitsPerSample !== null && technical.bitsPerSample !== audio.bitsPerSample) {
            ctx.report({ messageId: 'value', ...at, data: { ...base, field: 'BitsPerSample', declared: technical.bitsPerSample, actual: `${audio.bitsPerSample} bits` } });
          }
          if (technical.numberOfChannels !== null && audio.channels !== null && technical.numberOfChannels !== audio.channels) {
            ctx.report({ messageId: 'value', ...at, data: { ...base, field: 'NumberOfChannels', declared: technical.numberOfChannels, actual: `${audio.channels} channel(s)` } });
          }
          if (audio.durationSeconds === null) continue;
          const declared = [
            { text: resource.duration?.value ?? null, loc: resource.duration },
            { text: technical.duration, loc: technical.loc },
          ];
          for (const { text, loc } of declared) {
            const seconds = parseDuration(text);
            if (seconds === null || Math.abs(seconds - audio.durationSeconds) <= tolerance) continue;
            ctx.report({ messageId: 'duration', loc, resource: reference, data: { ...base, declared: formatSeconds(seconds), declaredText: text, actual: formatSeconds(audio.durationSeconds), tolerance } });
          }
        }
      },
    };
  },
});

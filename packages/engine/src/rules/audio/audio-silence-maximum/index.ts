/** A store requirement: at most so many seconds of silence at the start and at the end of each sound recording (measured by ffmpeg). */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { SILENCE_NOISE_DB } from '../../../media/measure-audio.js';
import { service, store } from '../../sources.js';

export default defineRule({
  id: 'audio-silence-maximum',
  stage: 'audio',
  meta: {
    label: 'Silence at start and end',
    description: 'Each sound recording has at most the allowed silence at its start and at its end (store requirement; needs ffmpeg).',
    sources: [
      store('tiktokAudio', 'no more than 5 seconds of silence at the start or at the end of a track (tiktok-audio-silence)'),
      store('tiktokRejected', 'more than 5 seconds of silence at the start or end is a reason for rejection'),
      service('The store pages do not say what level is silence: -60 dBFS is ours.'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      leading: 'The audio file "{file}" of resource {resource} starts with {seconds} s of silence (below {noise} dBFS); the store allows at most {max} s.',
      trailing: 'The audio file "{file}" of resource {resource} ends with {seconds} s of silence (below {noise} dBFS); the store allows at most {max} s.',
      notMeasured: 'The silence of the audio file "{file}" of resource {resource} could not be measured: {reason}.',
      ...ALONE_MESSAGE,
    },
    hint: {
      leading: 'Trim the silence at the start of the master to {max} s or less.',
      trailing: 'Trim the silence at the end of the master to {max} s or less.',
      notMeasured: 'Install ffmpeg (or set FFMPEG_PATH) to have the silence measured.',
      ...ALONE_HINT,
    },
    optionsSchema: { type: 'object', properties: { seconds: { type: 'number', minimum: 0 } }, additionalProperties: false },
  },
  create(ctx) {
    const max = typeof ctx.options.seconds === 'number' ? ctx.options.seconds : 5;
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          if (!facts.audio) continue;
          const base = { file: entry.path, resource: reference ?? '(no reference)', max, noise: SILENCE_NOISE_DB };
          const at = { loc: file.loc, resource: reference };
          const m = facts.audio.measurement;
          if (!m) {
            ctx.skip({ messageId: 'notMeasured', ...at, data: { ...base, reason: facts.skipped.measure ?? 'ffmpeg could not decode it' } });
            continue;
          }
          if (m.leadingSilence > max) ctx.report({ messageId: 'leading', ...at, data: { ...base, seconds: m.leadingSilence.toFixed(1) } });
          if (m.trailingSilence > max) ctx.report({ messageId: 'trailing', ...at, data: { ...base, seconds: m.trailingSilence.toFixed(1) } });
        }
      },
    };
  },
});

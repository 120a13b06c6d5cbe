/** A store requirement: each sound recording lasts at least so many seconds (from the file itself). */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { store } from '../../sources.js';

export default defineRule({
  id: 'audio-duration-minimum',
  stage: 'audio',
  meta: {
    label: 'Minimum audio length',
    description: 'Each sound recording\'s file lasts at least the store\'s minimum (store requirement).',
    sources: [
      store('tiktokRejected', 'no tracks shorter than 60 seconds (tiktok-audio-duration)'),
      store('tiktokAudio', 'the same limit, said for one-track singles only'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      short: 'The audio file "{file}" of resource {resource} lasts {seconds} s; the store needs at least {min} s.',
      ...ALONE_MESSAGE,
    },
    hint: { short: 'Deliver the complete track (at least {min} s); the store does not take clips or excerpts.', ...ALONE_HINT },
    optionsSchema: { type: 'object', properties: { seconds: { type: 'number', minimum: 0 } }, additionalProperties: false },
  },
  create(ctx) {
    const min = typeof ctx.options.seconds === 'number' ? ctx.options.seconds : 0;
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          const seconds = facts.audio?.measurement?.decodedSeconds ?? facts.audio?.durationSeconds ?? null;
          if (seconds === null || seconds >= min) continue;
          ctx.report({ messageId: 'short', loc: file.loc, resource: reference, data: { file: entry.path, resource: reference ?? '(no reference)', seconds: seconds.toFixed(1), min } });
        }
      },
    };
  },
});

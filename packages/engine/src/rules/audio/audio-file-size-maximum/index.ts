/** A store requirement: each sound recording's file is smaller than the store's limit. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { store } from '../../sources.js';

export default defineRule({
  id: 'audio-file-size-maximum',
  stage: 'audio',
  meta: {
    label: 'Audio file size limit',
    description: 'Each sound recording\'s file is smaller than the store\'s limit (store requirement).',
    sources: [
      store('tiktokRejected', 'audio files under 200 MiB (tiktok-audio-size)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      tooLarge: 'The audio file "{file}" of resource {resource} is {megabytes} MB; the store takes files under {max} MB.',
      ...ALONE_MESSAGE,
    },
    hint: { tooLarge: 'Deliver the track as FLAC (lossless, about half the size of WAV) or at a lower sample rate, if the store takes it.', ...ALONE_HINT },
    optionsSchema: { type: 'object', properties: { maxBytes: { type: 'integer', minimum: 1 } }, additionalProperties: false },
  },
  create(ctx) {
    const maxBytes = typeof ctx.options.maxBytes === 'number' ? ctx.options.maxBytes : Number.MAX_SAFE_INTEGER;
    return {
      'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          if (facts.size < maxBytes) continue;
          ctx.report({ messageId: 'tooLarge', loc: file.loc, resource: reference, data: { file: entry.path, resource: reference ?? '(no reference)', megabytes: (facts.size / 1048576).toFixed(1), max: (maxBytes / 1048576).toFixed(1) } });
        }
      },
    };
  },
});

/** Each audio file is real, complete audio: not empty, not another kind of file, not truncated, decodable (with --deep). */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { service, spec } from '../../sources.js';

export default defineRule({
  id: 'audio-file-decodable',
  stage: 'audio',
  meta: {
    label: 'Audio files readable',
    description: 'Each sound recording file is complete, readable audio of the type its name says (fully decoded with --deep).',
    sources: [
      spec('FLAC format', 'STREAMINFO, frame header CRC-8, frame CRC-16'),
      service('A sound file that does not decode cannot be ingested; a WAV data chunk must hold the length it declares (RIFF/WAVE).'),
    ],
    versions: 'all',
    severity: 'error',
    messages: {
      problem: 'The audio file "{file}" of resource {resource} is not usable: {problem}.',
      notDecoded: 'The audio of {count} file(s) was not decoded fully (--deep): {reason}.',
      ...ALONE_MESSAGE,
    },
    hint: {
      problem: 'Export the audio again from the master (FLAC or PCM WAV) and re-deliver the complete file.',
      notDecoded: 'Install ffmpeg (or set FFMPEG_PATH) to have truncated or corrupt audio found by a full decode.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      'Media:exit'() {
        const notDecoded: string[] = [];
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          for (const problem of facts.audio?.problems ?? []) {
            ctx.report({ messageId: 'problem', loc: file.loc, resource: reference, data: { file: entry.path, resource: reference ?? '(no reference)', problem } });
          }
          if (facts.skipped.decode && facts.audio?.format) notDecoded.push(facts.skipped.decode);
        }
        if (notDecoded.length) ctx.skip({ messageId: 'notDecoded', data: { count: notDecoded.length, reason: notDecoded[0] } });
      },
    };
  },
});

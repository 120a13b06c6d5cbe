/** Each audio file is real, complete audio: not empty, not another kind of file, not truncated, decodable (with --deep). */
import { mediaFileRule } from '../../media-file-rule.js';
import { service, spec } from '../../sources.js';

export default mediaFileRule({
  id: 'audio-file-decodable',
  stage: 'audio',
  kinds: ['SoundRecording'],
  at: 'file',
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
    },
    hint: {
      problem: 'Export the audio again from the master (FLAC or PCM WAV) and re-deliver the complete file.',
      notDecoded: 'Install ffmpeg (or set FFMPEG_PATH) to have truncated or corrupt audio found by a full decode.',
    },
  },
  notChecked: { messageId: 'notDecoded', reason: ({ facts }) => (facts.audio?.format ? facts.skipped.decode : null) },
  check({ facts }, report) {
    for (const problem of facts.audio?.problems ?? []) report('problem', { problem });
  },
});

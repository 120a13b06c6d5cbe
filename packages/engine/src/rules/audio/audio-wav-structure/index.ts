/** A store requirement: each WAV file is plain PCM (format code 1, not EXTENSIBLE) with valid fmt and data chunks and nothing after the audio data. */
import { defineRule } from '../../define.js';
import { inspectedFiles, ALONE_MESSAGE, ALONE_HINT } from '../../../media/rule-support.js';
import { readHead, readWavLayout } from '../../../media/wav-chunks.js';
import { store } from '../../sources.js';

export default defineRule({
  id: 'audio-wav-structure',
  stage: 'audio',
  meta: {
    label: 'WAV structure',
    description: 'Each WAV file uses format code 1 (WAVE_FORMAT_PCM, not WAVE_FORMAT_EXTENSIBLE), has valid fmt and data chunks and nothing after the audio data (store requirement).',
    sources: [
      store('spotifyFiles', 'WAV format code 0x0001 (WAVE_FORMAT_PCM), not 0xFFFE (WAVE_FORMAT_EXTENSIBLE), valid fmt and data chunks, nothing after the data chunk (spotify-wav-structure)'),
    ],
    versions: 'all',
    severity: 'error',
    storeOnly: true,
    messages: {
      extensible: 'The WAV file "{file}" of resource {resource} is written as WAVE_FORMAT_EXTENSIBLE (format code 0xFFFE); the store needs format code 0x0001 (WAVE_FORMAT_PCM).',
      formatCode: 'The WAV file "{file}" of resource {resource} has the format code {code}; the store needs 0x0001 (WAVE_FORMAT_PCM).',
      fmtChunk: 'The WAV file "{file}" of resource {resource} has no valid fmt chunk before its data.',
      dataChunk: 'The WAV file "{file}" of resource {resource} has no valid data chunk{detail}.',
      afterData: 'The WAV file "{file}" of resource {resource} holds {bytes} byte(s) after its audio data (a chunk after the data chunk); the store needs nothing after it.',
      ...ALONE_MESSAGE,
    },
    hint: {
      extensible: 'Export the WAV as plain PCM (16 or 24 bit, 2 channels): most tools write EXTENSIBLE only for more than 16 bits or channels; choose "WAV (PCM)" or convert with ffmpeg -rf64 never -c:a pcm_s24le.',
      formatCode: 'Export the WAV as uncompressed PCM.',
      fmtChunk: 'Export the file again: its header is damaged.',
      dataChunk: 'Export the file again: its audio data chunk is missing or cut short.',
      afterData: 'Move metadata chunks (LIST, id3, bext...) before the data chunk, or strip them.',
      ...ALONE_HINT,
    },
  },
  create(ctx) {
    return {
      async 'Media:exit'() {
        for (const { file, entry, facts, reference } of inspectedFiles(ctx, ['SoundRecording'])) {
          const format = facts.audio?.format ?? '';
          if (!format.startsWith('wav') && !/\.wav$/i.test(entry.path)) continue;
          const layout = readWavLayout(await readHead(entry), entry.size);
          if (!layout.riff) continue; // not a RIFF WAV at all: audio-format-accepted says what it is
          const at = { loc: file.loc, resource: reference };
          const base = { file: entry.path, resource: reference ?? '(no reference)' };
          if (layout.formatCode === null || (layout.fmtBytes ?? 0) < 16) ctx.report({ messageId: 'fmtChunk', ...at, data: base });
          else if (layout.formatCode === 0xfffe) ctx.report({ messageId: 'extensible', ...at, data: base });
          else if (layout.formatCode !== 1) ctx.report({ messageId: 'formatCode', ...at, data: { ...base, code: `0x${layout.formatCode.toString(16).padStart(4, '0').toUpperCase()}` } });
          if (layout.dataOffset === null) ctx.report({ messageId: 'dataChunk', ...at, data: { ...base, detail: '' } });
          else if (layout.dataOffset + (layout.dataBytes ?? 0) > entry.size) ctx.report({ messageId: 'dataChunk', ...at, data: { ...base, detail: `: it declares ${layout.dataBytes} bytes of audio but the file ends ${layout.dataOffset + (layout.dataBytes ?? 0) - entry.size} bytes short` } });
          else if (layout.trailingBytes) ctx.report({ messageId: 'afterData', ...at, data: { ...base, bytes: layout.trailingBytes } });
        }
      },
    };
  },
});

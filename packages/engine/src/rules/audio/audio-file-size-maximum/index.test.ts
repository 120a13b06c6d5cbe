import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = { version: '3.8.2' as const, edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': 'tone-44k-16-stereo.wav' } };

describe('audio-file-size-maximum', () => {
  it('a 2-second WAV (about 350 kB) is under 200 MB', async () => {
    expect((await runMediaRule('audio-file-size-maximum', { ...wav382, options: { maxBytes: 200 * 1048576 } })).findings).toEqual([]);
  });

  it('the same file is refused under a 100 kB limit', async () => {
    const run = await runMediaRule('audio-file-size-maximum', { ...wav382, options: { maxBytes: 100_000 } });
    expectFindings(run, run.batch.xml, [{ id: 'tooLarge', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.resource, f.status])).toEqual([['tooLarge', 'A1', 'error']]);
  });
});

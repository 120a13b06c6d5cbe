import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { silentEndsWav } from '../../../media/testing/silence-fixtures.js';
import { expectFindings } from '../../testing/pin.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = (file: string) => ({ version: '3.8.2' as const, edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': file }, measure: true, options: { seconds: 5 } });

describe('audio-silence-maximum', () => {
  it('4 s of silence at each end is within 5 s', async () => {
    expect((await runMediaRule('audio-silence-maximum', wav382(silentEndsWav(4, 1, 4)))).findings).toEqual([]);
  });

  it('6 s at the start and 5.5 s at the end are refused, each said once', async () => {
    const run = await runMediaRule('audio-silence-maximum', wav382(silentEndsWav(6, 1, 5.5)));
    expectFindings(run, run.batch.xml, [{ id: 'leading', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }, { id: 'trailing', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.status, f.resource])).toEqual([['leading', 'error', 'A1'], ['trailing', 'error', 'A1']]);
    expect(run.findings[0].message).toMatch(/starts with 6\.0 s of silence .* at most 5 s/);
  });

  it('without a measurement (media not measured) the check is skipped, not passed', async () => {
    const run = await runMediaRule('audio-silence-maximum', { ...wav382(silentEndsWav(6, 1, 0)), measure: false });
    expectFindings(run, run.batch.xml, [{ id: 'notMeasured', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.all.map((f) => [f.message_id, f.status])).toEqual([['notMeasured', 'skipped']]);
  });

  it('without ffmpeg the silence is not measured: skipped with the reason, never a pass or a crash', async () => {
    const file = silentEndsWav(6, 1, 0);
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    try {
      const run = await runMediaRule('audio-silence-maximum', wav382(file));
      expectFindings(run, run.batch.xml, [{ id: 'notMeasured', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
      expect(run.all.map((f) => [f.message_id, f.status])).toEqual([['notMeasured', 'skipped']]);
      expect(run.all[0].message).toContain('FFMPEG_PATH is set to "/nonexistent/ffmpeg"');
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });
});

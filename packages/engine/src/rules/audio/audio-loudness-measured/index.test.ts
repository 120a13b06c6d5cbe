import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { silentEndsWav } from '../../../media/testing/silence-fixtures.js';
import { expectFindings } from '../../testing/pin.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;

describe('audio-loudness-measured', () => {
  it('reports the silence, loudness and true peak of each recording as information', async () => {
    const run = await runMediaRule('audio-loudness-measured', { version: '3.8.2', edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': silentEndsWav(1, 2, 0.5) }, measure: true });
    expect(run.all).toHaveLength(1);
    const [check] = run.all;
    expect(check.status).toBe('pass');
    expect(check.message_id).toBe('measured');
    expect(check.message).toMatch(/1\.0 s of silence at the start, 0\.5 s at the end, integrated loudness -\d+\.\d LUFS, true peak -9\.\d dBTP/);
    // Information, not a finding, but placed all the same: at the recording's File element.
    expectFindings({ findings: run.all }, run.batch.xml, [{ id: 'measured', at: ['<SoundRecording>', '<File>'], path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
  });

  it('ERN 4.3: measures every recording of the album (FLAC)', async () => {
    const run = await runMediaRule('audio-loudness-measured', { version: '4.3', measure: true });
    expect(run.all.map((c) => [c.message_id, c.resource])).toEqual([['measured', 'A1'], ['measured', 'A2']]);
    expectFindings({ findings: run.all }, run.batch.xml, [
      { id: 'measured', at: ['<SoundRecording>', '<File>'], path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' },
      { id: 'measured', at: ['<SoundRecording>', '<SoundRecording>', '<File>'], path: '/NewReleaseMessage/ResourceList/SoundRecording[2]/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' },
    ]);
  });
});

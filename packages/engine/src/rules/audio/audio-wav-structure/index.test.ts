import { describe, expect, it } from 'vitest';
import { wavTone } from '../../../../../../fixtures/scripts/make-media-fixtures.mjs';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

const AS_WAV = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = (bytes: Buffer) => ({ version: '3.8.2' as const, edits: AS_WAV, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': bytes } });
/** Runs the rule on a WAV as the 3.8.2 single's A1 and returns its findings' ids, each pinned to A1's File element. */
const ids = async (bytes: Buffer) => {
  const run = await runMediaRule('audio-wav-structure', wav382(bytes));
  if (run.findings.length) expectFindings(run, run.batch.xml, run.findings.map((f) => ({ id: f.message_id ?? '', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' })));
  return run.findings.map((f) => f.message_id);
};

describe('audio-wav-structure', () => {
  it('a plain 16-bit PCM WAV passes; FLAC is not looked at', async () => {
    expect(await ids(wavTone({ seconds: 0.5 }))).toEqual([]);
    expect((await runMediaRule('audio-wav-structure', { version: '4.3' })).findings).toEqual([]);
  });

  it('a WAVE_FORMAT_EXTENSIBLE file is refused, though its sub-format is PCM', async () => {
    const run = await runMediaRule('audio-wav-structure', wav382(wavTone({ seconds: 0.5, bits: 24, extensible: true })));
    expectFindings(run, run.batch.xml, [{ id: 'extensible', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.status, f.resource])).toEqual([['extensible', 'error', 'A1']]);
  });

  it('a float WAV has the wrong format code', async () => {
    expect(await ids(wavTone({ seconds: 0.5, bits: 32, float: true }))).toEqual(['formatCode']);
  });

  it('a LIST chunk after the data chunk is refused', async () => {
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([12, 0, 0, 0]), Buffer.from('INFOISFT\0\0\0\0')]);
    const run = await runMediaRule('audio-wav-structure', wav382(Buffer.concat([wavTone({ seconds: 0.5 }), list])));
    expectFindings(run, run.batch.xml, [{ id: 'afterData', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['afterData']);
    expect(run.findings[0].message).toContain('20 byte(s)');
  });

  it('a cut-short data chunk is refused', async () => {
    const wav = wavTone({ seconds: 0.5 });
    expect(await ids(wav.subarray(0, wav.length - 1000))).toEqual(['dataChunk']);
  });
});

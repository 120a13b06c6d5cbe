import { afterEach, describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

const A1_43 = 'resources/01_first_light.flac';
const WAV_382 = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;

describe('audio-file-decodable', () => {
  const saved = process.env.FFMPEG_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
  });

  it.each(['4.3', '3.8.2'] as const)('ERN %s: complete audio passes, with and without --deep', async (version) => {
    expect((await runMediaRule('audio-file-decodable', { version })).findings).toEqual([]);
    expect((await runMediaRule('audio-file-decodable', { version, deep: true })).findings).toEqual([]);
  });

  it('ERN 4.3: a truncated FLAC is caught from its last frame, without --deep, in a folder and a zip', async () => {
    for (const zip of [false, true]) {
      const run = await runMediaRule('audio-file-decodable', { version: '4.3', zip, files: { [A1_43]: 'truncated.flac' } });
      expectFindings(run, run.batch.xml, [{ id: 'problem', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }]);
      expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A1' });
      expect(run.findings[0].message).toMatch(/truncated/);
    }
  });

  it('ERN 4.3 --deep: the full decode confirms the truncation (reported once)', async () => {
    const run = await runMediaRule('audio-file-decodable', { version: '4.3', deep: true, files: { [A1_43]: 'truncated.flac' } });
    expectFindings(run, run.batch.xml, [{ id: 'problem', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0].message).toMatch(/truncated/);
  });

  it('ERN 3.8.2: a truncated WAV (data chunk longer than the file) is an error', async () => {
    const run = await runMediaRule('audio-file-decodable', { version: '3.8.2', edits: WAV_382, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': 'truncated.wav' } });
    expectFindings(run, run.batch.xml, [{ id: 'problem', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A1' });
    expect(run.findings[0].message).toContain('declares 2.00 s of audio but the file holds 1.00 s');
  });

  it.each([
    ['empty.flac', /empty \(0 bytes\)/],
    ['random.flac', /not an audio file: its content is data of no known/],
    ['cover-3000.jpg', /not an audio file: its content is a JPEG image/],
  ])('ERN 4.3: bad media %s gives a located error, not a crash', async (fixture, pattern) => {
    const run = await runMediaRule('audio-file-decodable', { version: '4.3', deep: true, files: { [A1_43]: fixture } });
    expectFindings(run, run.batch.xml, [{ id: 'problem', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A1' });
    expect(run.findings[0].message).toMatch(pattern);
  });

  it('ERN 3.8.2: an MP3 renamed .wav is named for what it is', async () => {
    const run = await runMediaRule('audio-file-decodable', { version: '3.8.2', edits: WAV_382, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': 'mp3-renamed.wav' } });
    expectFindings(run, run.batch.xml, [{ id: 'problem', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0].message).toContain('ends in ".wav" but its content is an MP3 file');
  });

  it('--deep without ffmpeg: one skipped check saying how to install it', async () => {
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    const run = await runMediaRule('audio-file-decodable', { version: '4.3', deep: true });
    expectFindings(run, run.batch.xml, [{ id: 'notDecoded', at: null, path: null }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'skipped' });
    expect(run.findings[0].message).toContain('FFMPEG_PATH');
  });

  it('a lone message: skipped, its files were not checked', async () => {
    const run = await runMediaRule('audio-file-decodable', { version: '3.8.2', lone: true });
    expectFindings(run, run.batch.xml, [{ id: 'alone', at: null, path: null }]);
    expect(run.findings.map((f) => [f.status, f.message_id])).toEqual([['skipped', 'alone']]);
  });
});

import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { DEFAULT_PROFILE } from '../../../profile/default.js';
import { expectFindings } from '../../testing/pin.js';

const A1_43 = 'resources/01_first_light.flac';
const AS_WAV_382 = [['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>']] as const;
const wav382 = (fixture: string) => ({ version: '3.8.2' as const, edits: AS_WAV_382, files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': fixture } });

describe('audio-format-accepted', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: 16-bit 44.1 kHz stereo FLAC passes', async (version) => {
    expect((await runMediaRule('audio-format-accepted', { version })).findings).toEqual([]);
  });

  it('ERN 3.8.2: a 24-bit 96 kHz WAVE_FORMAT_EXTENSIBLE file is PCM WAV and passes; so does 16-bit PCM', async () => {
    expect((await runMediaRule('audio-format-accepted', wav382('tone-96k-24-stereo-ext.wav'))).findings).toEqual([]);
    expect((await runMediaRule('audio-format-accepted', wav382('tone-44k-16-stereo.wav'))).findings).toEqual([]);
  });

  it('ERN 4.3: 22.05 kHz mono FLAC breaks the sample rate and channel rules', async () => {
    const run = await runMediaRule('audio-format-accepted', { version: '4.3', files: { [A1_43]: 'tone-22k-16-mono.flac' } });
    expectFindings(run, run.batch.xml, [{ id: 'sampleRate', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }, { id: 'channels', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.resource, f.status])).toEqual([
      ['sampleRate', 'A1', 'error'],
      ['channels', 'A1', 'error'],
    ]);
    expect(run.findings.map((f) => [f.message, f.hint])).toEqual([
      ['The audio file "resources/01_first_light.flac" of resource A1 is sampled at 22050 Hz; the service needs at least 44100 Hz.', 'Export the master at 44100 Hz or more (do not upsample a lossy file).'],
      ['The audio file "resources/01_first_light.flac" of resource A1 has 1 channel(s); the service accepts 2.', 'Export the master with 2 channel(s).'],
    ]);
  });

  it.each([
    ['tone-44k-8-mono.wav', ['bitDepth', 'channels']],
    ['tone-44k-32f-stereo.wav', ['format']],
    ['mp3-renamed.wav', ['format']],
  ])('ERN 3.8.2: %s is refused (%s)', async (fixture, ids) => {
    const run = await runMediaRule('audio-format-accepted', wav382(fixture));
    expectFindings(run, run.batch.xml, ids.map((id) => ({ id, ...{ at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails/File' } })));
    expect(run.findings.every((f) => f.resource === 'A1')).toBe(true);
    // Each message and hint in full, the file and resource named (a template lost would leave them empty).
    for (const f of run.findings) {
      const wording = {
        bitDepth: [/^The audio file "resources\/01_tidewater\.wav" of resource A1 is 8-bit; the service accepts 16 or 24-bit\.$/, 'Export the master at 16 or 24 bits per sample.'],
        channels: [/^The audio file "resources\/01_tidewater\.wav" of resource A1 has 1 channel\(s\); the service accepts 2\.$/, 'Export the master with 2 channel(s).'],
        format: [/^The audio file "resources\/01_tidewater\.wav" of resource A1 is \S.*; the service accepts \S.*\.$/, /^Deliver the lossless master as \S.*\.$/],
      }[f.message_id as 'bitDepth' | 'channels' | 'format'];
      expect(f.message).toMatch(wording[0]);
      if (typeof wording[1] === 'string') expect(f.hint).toBe(wording[1]);
      else expect(f.hint).toMatch(wording[1]);
    }
  });

  it('a profile accepting MP3 lets it through', async () => {
    const profile = { ...DEFAULT_PROFILE, audio: { ...DEFAULT_PROFILE.audio, formats: ['flac', 'wav-pcm', 'mp3'] } };
    expect((await runMediaRule('audio-format-accepted', { ...wav382('mp3-renamed.wav'), profile })).findings).toEqual([]);
  });
});

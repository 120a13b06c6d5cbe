import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { declaredHz } from './index.js';
import { parseDuration } from '../../../media/duration.js';
import { expectFindings } from '../../testing/pin.js';

const A1_43 = 'resources/01_first_light.flac';
const RATE_A1_43 = '<SamplingRate UnitOfMeasure="Hz">44100</SamplingRate>\n            <BitsPerSample>16</BitsPerSample>\n            <File>\n              <URI>resources/01_first_light.flac</URI>';

describe('audio-details-match', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: declared details of the base batch match', async (version) => {
    expect((await runMediaRule('audio-details-match', { version })).findings).toEqual([]);
  });

  it('ERN 4.3: 44.1 written in kHz (as in the DDEX 4.3 samples) matches 44100 Hz', async () => {
    const run = await runMediaRule('audio-details-match', { version: '4.3', edits: [[RATE_A1_43, RATE_A1_43.replace('"Hz">44100', '"kHz">44.1')]] });
    expect(run.findings).toEqual([]);
  });

  it('ERN 4.3: a 48 kHz 24-bit file declared 44100 Hz 16-bit is two errors on the technical details', async () => {
    const run = await runMediaRule('audio-details-match', { version: '4.3', files: { [A1_43]: 'tone-48k-24-stereo.flac' } });
    expectFindings(run, run.batch.xml, [{ id: 'value', at: '<TechnicalDetails>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails' }, { id: 'value', at: '<TechnicalDetails>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails' }]);
    expect(run.findings.map((f) => f.message)).toEqual([
      'Resource A1 declares SamplingRate 44100 Hz, but "resources/01_first_light.flac" has 48000 Hz.',
      'Resource A1 declares BitsPerSample 16, but "resources/01_first_light.flac" has 24 bits.',
    ]);
    expect(run.findings[0]).toMatchObject({ resource: 'A1', line: lineOf(run.batch.xml, '<TechnicalDetails>') });
  });

  it('ERN 4.3: a duration more than the tolerance off is an error on Duration', async () => {
    const run = await runMediaRule('audio-details-match', { version: '4.3', edits: [['<Duration>PT0M2S</Duration>', '<Duration>PT3M20S</Duration>']] });
    expectFindings(run, run.batch.xml, [{ id: 'duration', at: '<Duration>', path: '/NewReleaseMessage/ResourceList/SoundRecording/Duration' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A1', line: lineOf(run.batch.xml, '<Duration>PT3M20S') });
    expect(run.findings[0].message).toContain('3:20.0');
    expect(run.findings[0].message).toContain('0:02.0');
  });

  it('ERN 3.8.2: duration, channels and codec declared for another file', async () => {
    const run = await runMediaRule('audio-details-match', {
      version: '3.8.2',
      edits: [
        ['<Duration>PT0M2S</Duration>', '<Duration>PT3M12S</Duration>'],
        ['<FileName>01_tidewater.flac</FileName>', '<FileName>01_tidewater.wav</FileName>'],
      ],
      files: { 'resources/01_tidewater.flac': null, 'resources/01_tidewater.wav': 'tone-44k-8-mono.wav' },
    });
    expectFindings(run, run.batch.xml, [{ id: 'codec', at: '<TechnicalSoundRecordingDetails>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails' }, { id: 'value', at: '<TechnicalSoundRecordingDetails>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails' }, { id: 'value', at: '<TechnicalSoundRecordingDetails>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingDetailsByTerritory/TechnicalSoundRecordingDetails' }, { id: 'duration', at: '<Duration>', path: '/NewReleaseMessage/ResourceList/SoundRecording/Duration' }]);
    expect(run.findings.map((f) => f.message_id).sort()).toEqual(['codec', 'duration', 'value', 'value']);
    expect(run.findings.every((f) => f.resource === 'A1')).toBe(true);
    expect(run.findings.find((f) => f.message_id === 'codec')!.message).toContain('"FLAC", but "resources/01_tidewater.wav" is PCM WAV');
  });

  it('reads sampling rates in any unit and xs:durations', () => {
    expect(declaredHz({ value: 44.1, unit: 'kHz' })).toBe(44100);
    expect(declaredHz({ value: 44.1, unit: null })).toBe(44100);
    expect(declaredHz({ value: 48000, unit: 'Hz' })).toBe(48000);
    expect(declaredHz({ value: 96000, unit: null })).toBe(96000);
    expect(parseDuration('PT4M23.583S')).toBeCloseTo(263.583);
    expect(parseDuration('PT0H4M39S')).toBe(279);
    expect(parseDuration('P0Y0M0DT1H10M0S')).toBe(4200);
    expect(parseDuration('00:03:20')).toBe(200);
    expect(parseDuration('PT')).toBeNull();
    expect(parseDuration('three minutes')).toBeNull();
  });
});

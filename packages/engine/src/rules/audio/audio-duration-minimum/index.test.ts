import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('audio-duration-minimum', () => {
  it('ERN 4.3: 2-second files pass a 1-second minimum', async () => {
    expect((await runMediaRule('audio-duration-minimum', { version: '4.3', options: { seconds: 1 } })).findings).toEqual([]);
  });

  it('ERN 4.3: 2-second files fail a 60-second minimum, one finding per recording', async () => {
    const run = await runMediaRule('audio-duration-minimum', { version: '4.3', options: { seconds: 60 } });
    expectFindings(run, run.batch.xml, [{ id: 'short', at: '<File>', path: '/NewReleaseMessage/ResourceList/SoundRecording/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }, { id: 'short', at: '<File>\n              <URI>resources/02_harbour_lights.flac</URI>', path: '/NewReleaseMessage/ResourceList/SoundRecording[2]/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.resource, f.status])).toEqual([['short', 'A1', 'error'], ['short', 'A2', 'error']]);
    expect(run.findings[0].message).toContain('lasts 2.0 s; the store needs at least 60 s');
  });
});

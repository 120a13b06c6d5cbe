import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('package-file-present', () => {
  it.each(['4.3', '3.8.2'] as const)('passes the complete %s batch, folder and zip', async (version) => {
    expect((await runMediaRule('package-file-present', { version })).findings).toEqual([]);
    expect((await runMediaRule('package-file-present', { version, zip: true })).findings).toEqual([]);
  });

  it('ERN 4.3: a missing file is an error on its resource, with a near-name suggestion', async () => {
    const run = await runMediaRule('package-file-present', { version: '4.3', files: { 'resources/02_harbour_lights.flac': null, 'resources/02_Harbour_Lights.flac': 'tone-44k-16-stereo.flac' } });
    expectFindings(run, run.batch.xml, [{ id: 'missing', at: '<File>\n              <URI>resources/02_harbour_lights.flac</URI>', path: '/NewReleaseMessage/ResourceList/SoundRecording[2]/SoundRecordingEdition/TechnicalDetails/DeliveryFile/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A2', line: lineOf(run.batch.xml, '<URI>resources/02_harbour_lights.flac') - 1, file: '5012345678900.xml' });
    expect(run.findings[0].field).toMatch(/\/SoundRecording\[2\]\/.*\/File$/);
    expect(run.findings[0].message).toContain('did you mean "resources/02_Harbour_Lights.flac"');
  });

  it('ERN 3.8.2: FilePath + FileName resolve; a missing file in a zip is an error', async () => {
    const run = await runMediaRule('package-file-present', { version: '3.8.2', zip: true, files: { 'resources/cover.jpg': null } });
    expectFindings(run, run.batch.xml, [{ id: 'missing', at: '<File>\n            <FileName>cover.jpg</FileName>', path: '/NewReleaseMessage/ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A2' });
    expect(run.findings[0].message).toContain('"resources/cover.jpg"');
  });

  it('ERN 3.8.2: FilePath without trailing slash and a decomposed (macOS) name in a zip resolve', async () => {
    const decomposed = 'resources/Cafe\u0301.flac';
    const run = await runMediaRule('package-file-present', {
      version: '3.8.2',
      zip: true,
      edits: [['<FileName>01_tidewater.flac</FileName>\n            <FilePath>resources/</FilePath>', '<FileName>Caf\u00e9.flac</FileName>\n            <FilePath>resources</FilePath>']],
      files: { 'resources/01_tidewater.flac': null, [decomposed]: 'tone-44k-16-stereo.flac' },
    });
    expect(run.findings).toEqual([]);
  });

  it('a remote URI is skipped, not missing', async () => {
    const run = await runMediaRule('package-file-present', { version: '4.3', edits: [['<URI>resources/cover.jpg</URI>', '<URI>https://cdn.example.com/cover.jpg</URI>']] });
    expectFindings(run, run.batch.xml, [{ id: 'remote', at: '<File>\n          <URI>https://cdn.example.com/cover.jpg</URI>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'skipped', resource: 'A3' });
    expect(run.findings[0].message).toContain('does not fetch');
  });

  it.each(['4.3', '3.8.2'] as const)('ERN %s: a lone message gets one skipped check saying the files were not checked', async (version) => {
    const run = await runMediaRule('package-file-present', { version, lone: true });
    // Said of the message as a whole: no one file element is meant.
    expectFindings(run, run.batch.xml, [{ id: 'alone', at: null, path: null }]);
    expect(run.findings[0].status).toBe('skipped');
    expect(run.findings[0].message).toMatch(/given alone/);
  });
});

import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

// Where a finding on the cover file points: its File element in the message (ERN 4.3: A3, ERN 3.8.2: A2).
const COVER_FILE = {
  '4.3': { at: ['<URI>resources/02_harbour_lights.flac', '<File>\n          <URI>resources/cover.jpg'], path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' },
  '3.8.2': { at: '<File>\n            <FileName>cover.jpg', path: '/NewReleaseMessage/ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails/File' },
} as const;

describe('artwork-size-recommended', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: 3000 px passes; below 1400 is left to artwork-size-minimum', async (version) => {
    expect((await runMediaRule('artwork-size-recommended', { version })).findings).toEqual([]);
    expect((await runMediaRule('artwork-size-recommended', { version, files: { 'resources/cover.jpg': 'cover-1000.jpg' } })).findings).toEqual([]);
  });

  it.each([
    ['4.3', 'A3'],
    ['3.8.2', 'A2'],
  ] as const)('ERN %s: a 2000 px cover is a warning', async (version, resource) => {
    const run = await runMediaRule('artwork-size-recommended', { version, files: { 'resources/cover.jpg': 'cover-2000.jpg' } });
    expectFindings(run, run.batch.xml, [{ id: 'belowRecommended', ...COVER_FILE[version] }]);
    expect(run.findings[0]).toMatchObject({ status: 'warning', resource });
    expect(run.findings[0].message).toContain('3000 x 3000 px is recommended');
  });
});

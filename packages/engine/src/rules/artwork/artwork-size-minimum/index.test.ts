import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

// Where a finding on the cover file points: its File element in the message (ERN 4.3: A3, ERN 3.8.2: A2).
const COVER_FILE = {
  '4.3': { at: ['<URI>resources/02_harbour_lights.flac', '<File>\n          <URI>resources/cover.jpg'], path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' },
  '3.8.2': { at: '<File>\n            <FileName>cover.jpg', path: '/NewReleaseMessage/ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails/File' },
} as const;

describe('artwork-size-minimum', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: a 3000 px square cover passes, and a 2000 px one too (only a warning elsewhere)', async (version) => {
    expect((await runMediaRule('artwork-size-minimum', { version })).findings).toEqual([]);
    expect((await runMediaRule('artwork-size-minimum', { version, files: { 'resources/cover.jpg': 'cover-2000.jpg' } })).findings).toEqual([]);
  });

  it.each([
    ['4.3', 'A3'],
    ['3.8.2', 'A2'],
  ] as const)('ERN %s: a 1000 px cover is too small', async (version, resource) => {
    const run = await runMediaRule('artwork-size-minimum', { version, files: { 'resources/cover.jpg': 'cover-1000.jpg' } });
    expectFindings(run, run.batch.xml, [{ id: 'tooSmall', ...COVER_FILE[version] }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource });
    expect(run.findings[0].message).toContain('1000 x 1000 px');
    expect(run.findings[0].message).toContain('1400 x 1400');
  });

  it('ERN 4.3: a 3000 x 2000 cover is not square', async () => {
    const run = await runMediaRule('artwork-size-minimum', { version: '4.3', files: { 'resources/cover.jpg': 'cover-3000x2000.jpg' } });
    expectFindings(run, run.batch.xml, [{ id: 'notSquare', at: '<File>\n          <URI>resources/cover.jpg</URI>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['notSquare']);
  });

  it('ERN 4.3: an image that is not cover art is not held to the cover size', async () => {
    const run = await runMediaRule('artwork-size-minimum', { version: '4.3', edits: [['<Type>FrontCoverImage</Type>', '<Type>Portrait</Type>']], files: { 'resources/cover.jpg': 'cover-1000.jpg' } });
    expect(run.findings).toEqual([]);
  });
});

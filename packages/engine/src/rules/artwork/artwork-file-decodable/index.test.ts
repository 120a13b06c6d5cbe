import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

// Where a finding on the cover file points: its File element in the message (ERN 4.3: A3, ERN 3.8.2: A2).
const COVER_FILE = {
  '4.3': { at: ['<URI>resources/02_harbour_lights.flac', '<File>\n          <URI>resources/cover.jpg'], path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' },
  '3.8.2': { at: '<File>\n            <FileName>cover.jpg', path: '/NewReleaseMessage/ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails/File' },
} as const;

describe('artwork-file-decodable', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: a complete JPEG passes (with --deep too)', async (version) => {
    expect((await runMediaRule('artwork-file-decodable', { version })).findings).toEqual([]);
    expect((await runMediaRule('artwork-file-decodable', { version, deep: true })).findings).toEqual([]);
  });

  it.each([
    ['4.3', 'A3', 'text.jpg', /not an image: its content is a text file/],
    ['3.8.2', 'A2', 'text.jpg', /not an image: its content is a text file/],
    ['4.3', 'A3', 'cover-truncated.jpg', /end-of-image marker.*truncated/],
    ['3.8.2', 'A2', 'cover-3000.png', /ends in "\.jpg" but its content is a PNG image/],
    ['4.3', 'A3', 'empty.flac', /empty \(0 bytes\)/],
  ] as const)('ERN %s: %s gets a located error when it is %s', async (version, resource, fixture, pattern) => {
    for (const zip of [false, true]) {
      const run = await runMediaRule('artwork-file-decodable', { version, zip, files: { 'resources/cover.jpg': fixture } });
      expectFindings(run, run.batch.xml, [{ id: 'problem', ...COVER_FILE[version] }]);
      expect(run.findings[0]).toMatchObject({ status: 'error', resource });
      expect(run.findings[0].message).toMatch(pattern);
      if (version === '4.3') expect(run.findings[0].line).toBe(lineOf(run.batch.xml, '<URI>resources/cover.jpg') - 1);
    }
  });
});

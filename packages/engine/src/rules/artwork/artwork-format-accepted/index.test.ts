import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { DEFAULT_PROFILE } from '../../../profile/default.js';
import { expectFindings } from '../../testing/pin.js';

// Where a finding on the cover file points: its File element in the message (ERN 4.3: A3, ERN 3.8.2: A2).
const COVER_FILE = {
  '4.3': { at: ['<URI>resources/02_harbour_lights.flac', '<File>\n          <URI>resources/cover.jpg'], path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' },
  '3.8.2': { at: '<File>\n            <FileName>cover.jpg', path: '/NewReleaseMessage/ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails/File' },
} as const;

describe('artwork-format-accepted', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: an RGB JPEG passes, and so does a PNG', async (version) => {
    expect((await runMediaRule('artwork-format-accepted', { version })).findings).toEqual([]);
    expect((await runMediaRule('artwork-format-accepted', { version, files: { 'resources/cover.jpg': 'cover-3000.png' } })).findings).toEqual([]);
  });

  it.each([
    ['4.3', 'A3', 'cover-3000-cmyk.jpg', 'colorSpace', 'CMYK'],
    ['3.8.2', 'A2', 'cover-3000-gray.jpg', 'colorSpace', 'grayscale'],
    ['4.3', 'A3', 'cover-3000.webp', 'format', 'WebP'],
  ] as const)('ERN %s: resource %s as %s is refused (%s)', async (version, resource, fixture, messageId, word) => {
    const run = await runMediaRule('artwork-format-accepted', { version, files: { 'resources/cover.jpg': fixture } });
    expectFindings(run, run.batch.xml, [{ id: messageId, ...COVER_FILE[version] }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource });
    expect(run.findings[0].message).toContain(word);
    expect(run.findings[0].line).not.toBeNull();
  });

  it('a file above the profile limit is too large', async () => {
    const profile = { ...DEFAULT_PROFILE, artwork: { ...DEFAULT_PROFILE.artwork, maxBytes: 10_000 } };
    const run = await runMediaRule('artwork-format-accepted', { version: '4.3', profile });
    expectFindings(run, run.batch.xml, [{ id: 'tooLarge', at: '<File>\n          <URI>resources/cover.jpg</URI>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.resource])).toEqual([['tooLarge', 'A3']]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule, videoEdits } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('video-file-decodable', () => {
  const saved = process.env.FFPROBE_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFPROBE_PATH;
    else process.env.FFPROBE_PATH = saved;
  });

  it.each(['4.3', '3.8.2'] as const)('ERN %s: a tiny H.264 MP4 passes, from a folder (path) and a zip (stdin)', async (version) => {
    for (const zip of [false, true]) {
      const run = await runMediaRule('video-file-decodable', { version, zip, edits: videoEdits(version), files: { 'resources/clip.mp4': 'clip-1280x720.mp4' } });
      expect(run.findings).toEqual([]);
      expect(run.all.map((c) => c.status)).toEqual(['pass']);
    }
  });

  it('ERN 4.3: an MP4 without fast start is read from a zip entry too', async () => {
    const run = await runMediaRule('video-file-decodable', { version: '4.3', zip: true, edits: videoEdits('4.3'), files: { 'resources/clip.mp4': 'clip-320x240.mp4' } });
    expect(run.findings).toEqual([]);
  });

  it.each([
    ['4.3', 'text.mp4', /not a video: its content is a text file/],
    ['3.8.2', 'cover-3000.jpg', /not a video: its content is a JPEG image/],
    ['3.8.2', 'tone-44k-16-stereo.flac', /no video stream/],
  ] as const)('ERN %s: %s gives a located error on the video resource', async (version, fixture, pattern) => {
    const run = await runMediaRule('video-file-decodable', { version, edits: videoEdits(version), files: { 'resources/clip.mp4': fixture } });
    expectFindings(run, run.batch.xml, [{ id: 'problem', at: version === '4.3' ? '<File>\n              <URI>resources/clip.mp4' : '<File>\n            <FileName>clip.mp4', path: version === '4.3' ? '/NewReleaseMessage/ResourceList/Video/VideoEdition/TechnicalDetails/DeliveryFile/File' : '/NewReleaseMessage/ResourceList/Video/VideoDetailsByTerritory/TechnicalVideoDetails/File' }]);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A9' });
    expect(run.findings[0].message).toMatch(pattern);
    expect(run.findings[0].message).toMatch(/^The video file "resources\/clip\.mp4" of resource A9 is not usable: \S/);
    expect(run.findings[0].hint).toBe('Export the video again and re-deliver the complete file.');
    if (version === '4.3') expect(run.findings[0].line).toBe(lineOf(run.batch.xml, '<URI>resources/clip.mp4') - 1);
  });

  it('without ffprobe: skipped, saying how to install it, never a crash', async () => {
    process.env.FFPROBE_PATH = '/nonexistent/ffprobe';
    const run = await runMediaRule('video-file-decodable', { version: '4.3', edits: videoEdits('4.3'), files: { 'resources/clip.mp4': 'clip-1280x720.mp4' } });
    expectFindings(run, run.batch.xml, [{ id: 'noProbe', at: null, path: null }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0].status).toBe('skipped');
    expect(run.findings[0].message).toMatch(/FFPROBE_PATH.*install ffprobe/);
    expect(run.findings[0].message).toMatch(/^The 1 video file\(s\) of this message were not checked: \S/);
    expect(run.findings[0].hint).toBe('Install ffprobe (part of ffmpeg) or set FFPROBE_PATH to have video files checked.');
  });
});

import { describe, expect, it } from 'vitest';
import { runMediaRule, videoEdits } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('video-format-accepted', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: a 1280 x 720 H.264/AAC MP4 at 25 fps passes', async (version) => {
    const run = await runMediaRule('video-format-accepted', { version, edits: videoEdits(version), files: { 'resources/clip.mp4': 'clip-1280x720.mp4' } });
    expect(run.findings).toEqual([]);
  });

  it('ERN 4.3: a 320 x 240 video is too small', async () => {
    const run = await runMediaRule('video-format-accepted', { version: '4.3', zip: true, edits: videoEdits('4.3'), files: { 'resources/clip.mp4': 'clip-320x240.mp4' } });
    expectFindings(run, run.batch.xml, [{ id: 'resolution', at: '<File>\n              <URI>resources/clip.mp4</URI>', path: '/NewReleaseMessage/ResourceList/Video/VideoEdition/TechnicalDetails/DeliveryFile/File' }]);
    expect(run.findings.map((f) => [f.message_id, f.resource])).toEqual([['resolution', 'A9']]);
    expect(run.findings[0].message).toContain('320 x 240');
  });

  it('ERN 3.8.2: an AVI with MPEG-4 part 2 video and MP3 sound is refused three times', async () => {
    const run = await runMediaRule('video-format-accepted', { version: '3.8.2', edits: videoEdits('3.8.2'), files: { 'resources/clip.mp4': 'clip-1280x720.avi' } });
    expectFindings(run, run.batch.xml, [{ id: 'container', at: '<File>\n            <FileName>clip.mp4</FileName>', path: '/NewReleaseMessage/ResourceList/Video/VideoDetailsByTerritory/TechnicalVideoDetails/File' }, { id: 'videoCodec', at: '<File>\n            <FileName>clip.mp4</FileName>', path: '/NewReleaseMessage/ResourceList/Video/VideoDetailsByTerritory/TechnicalVideoDetails/File' }, { id: 'audioCodec', at: '<File>\n            <FileName>clip.mp4</FileName>', path: '/NewReleaseMessage/ResourceList/Video/VideoDetailsByTerritory/TechnicalVideoDetails/File' }]);
    expect(run.findings.map((f) => f.message_id)).toEqual(['container', 'videoCodec', 'audioCodec']);
    expect(run.findings.every((f) => f.resource === 'A9' && f.status === 'error')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule, videoEdits } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

const clip = { 'resources/clip.mp4': 'clip-1280x720.mp4' };

describe('video-details-match', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: declared AVC 1280 x 720, 1 s, 25 fps matches', async (version) => {
    expect((await runMediaRule('video-details-match', { version, edits: videoEdits(version, { frameRate: 25 }), files: clip })).findings).toEqual([]);
  });

  it('ERN 4.3: frame size, codec and frame rate declared for another file', async () => {
    const run = await runMediaRule('video-details-match', { version: '4.3', edits: videoEdits('4.3', { codec: 'HEVC', width: 1920, height: 1080, frameRate: 30 }), files: clip });
    expectFindings(run, run.batch.xml, [{ id: 'value', at: '<TechnicalDetails>\n          <TechnicalResourceDetailsReference>T9</TechnicalResourceDetailsReference>', path: '/NewReleaseMessage/ResourceList/Video/VideoEdition/TechnicalDetails' }, { id: 'value', at: '<TechnicalDetails>\n          <TechnicalResourceDetailsReference>T9</TechnicalResourceDetailsReference>', path: '/NewReleaseMessage/ResourceList/Video/VideoEdition/TechnicalDetails' }, { id: 'value', at: '<TechnicalDetails>\n          <TechnicalResourceDetailsReference>T9</TechnicalResourceDetailsReference>', path: '/NewReleaseMessage/ResourceList/Video/VideoEdition/TechnicalDetails' }]);
    expect(run.findings.map((f) => f.message)).toEqual([
      'Resource A9 declares VideoCodecType HEVC, but "resources/clip.mp4" has h264.',
      'Resource A9 declares frame size 1920 x 1080, but "resources/clip.mp4" has 1280 x 720.',
      'Resource A9 declares FrameRate 30, but "resources/clip.mp4" has 25 fps.',
    ]);
    expect(run.findings[0].line).toBe(lineOf(run.batch.xml, '<TechnicalResourceDetailsReference>T9') - 1);
  });

  it('ERN 3.8.2: a duration far from the file is an error on Duration', async () => {
    const run = await runMediaRule('video-details-match', { version: '3.8.2', edits: videoEdits('3.8.2', { duration: 'PT4M0S' }), files: clip });
    expectFindings(run, run.batch.xml, [{ id: 'duration', at: '<Duration>PT4M0S</Duration>', path: '/NewReleaseMessage/ResourceList/Video/Duration' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A9', line: lineOf(run.batch.xml, '<Duration>PT4M0S') });
  });
});

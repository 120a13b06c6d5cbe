import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('artwork-details-match', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: declared 3000 x 3000 JPEG matches', async (version) => {
    expect((await runMediaRule('artwork-details-match', { version })).findings).toEqual([]);
  });

  it('ERN 4.3: a 2000 px PNG declared as a 3000 px JPEG: codec and dimensions, on TechnicalDetails', async () => {
    const run = await runMediaRule('artwork-details-match', { version: '4.3', files: { 'resources/cover.jpg': 'cover-2000.jpg' }, edits: [['<ImageCodecType>JPEG</ImageCodecType>', '<ImageCodecType>PNG</ImageCodecType>']] });
    expectFindings(run, run.batch.xml, [{ id: 'codec', at: '<TechnicalDetails>\n        <TechnicalResourceDetailsReference>T3</TechnicalResourceDetailsReference>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails' }, { id: 'dimensions', at: '<TechnicalDetails>\n        <TechnicalResourceDetailsReference>T3</TechnicalResourceDetailsReference>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails' }]);
    expect(run.findings.map((f) => f.message)).toEqual([
      'Resource A3 declares ImageCodecType "PNG", but "resources/cover.jpg" is JPEG.',
      'Resource A3 declares 3000 x 3000 px, but "resources/cover.jpg" is 2000 x 2000 px.',
    ]);
    expect(run.findings[0].line).toBe(lineOf(run.batch.xml, '<TechnicalResourceDetailsReference>T3') - 1);
  });

  it('ERN 3.8.2: declared dimensions that differ are an error on resource A2', async () => {
    const run = await runMediaRule('artwork-details-match', { version: '3.8.2', files: { 'resources/cover.jpg': 'cover-3000x2000.jpg' } });
    expectFindings(run, run.batch.xml, [{ id: 'dimensions', at: '<TechnicalImageDetails>', path: '/NewReleaseMessage/ResourceList/Image/ImageDetailsByTerritory/TechnicalImageDetails' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A2', message_id: 'dimensions' });
  });
});

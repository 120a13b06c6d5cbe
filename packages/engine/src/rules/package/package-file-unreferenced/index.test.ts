import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('package-file-unreferenced', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: a batch holding only referenced files passes', async (version) => {
    const run = await runMediaRule('package-file-unreferenced', { version });
    expect(run.findings).toEqual([]);
    expect(run.all.map((c) => c.status)).toEqual(['pass']);
  });

  it.each(['4.3', '3.8.2'] as const)('ERN %s: an extra file is a warning naming it (folder and zip)', async (version) => {
    for (const zip of [false, true]) {
      const run = await runMediaRule('package-file-unreferenced', { version, zip, files: { 'resources/old_mix.wav': 'tone-44k-16-stereo.wav' } });
      // A file no message references has no place in a message: the finding names the file, with no line.
      expectFindings(run, run.batch.xml, [{ id: 'unreferenced', at: null, path: null }]);
      expect(run.findings[0]).toMatchObject({ status: 'warning', file: 'resources/old_mix.wav' });
    }
  });

  it('the message, a completion marker and a lone message are not counted', async () => {
    const marker = await runMediaRule('package-file-unreferenced', { version: '4.3', files: { 'BatchComplete_5012345678900.complete': Buffer.alloc(0) } });
    expect(marker.findings).toEqual([]);
    const lone = await runMediaRule('package-file-unreferenced', { version: '4.3', lone: true });
    expect(lone.findings).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { lineOf } from '../../testing/rule-tester.js';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

describe('package-file-size', () => {
  it('ERN 4.3: a FileSize equal to the bytes delivered passes, in a zip too', async () => {
    const edits = [['<URI>resources/cover.jpg</URI>', '<URI>resources/cover.jpg</URI>\n          <FileSize>53283</FileSize>']] as const;
    expect((await runMediaRule('package-file-size', { version: '4.3', edits })).findings).toEqual([]);
    expect((await runMediaRule('package-file-size', { version: '4.3', edits, zip: true })).findings).toEqual([]);
  });

  it('ERN 4.3: a FileSize that differs is an error on the resource', async () => {
    const run = await runMediaRule('package-file-size', { version: '4.3', edits: [['<URI>resources/cover.jpg</URI>', '<URI>resources/cover.jpg</URI>\n          <FileSize>99999</FileSize>']] });
    expectFindings(run, run.batch.xml, [{ id: 'mismatch', at: '<File>\n          <URI>resources/cover.jpg</URI>', path: '/NewReleaseMessage/ResourceList/Image/TechnicalDetails/File' }]);
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'error', resource: 'A3', line: lineOf(run.batch.xml, '<URI>resources/cover.jpg</URI>') - 1 });
    expect(run.findings[0].message).toContain('99999');
    expect(run.findings[0].message).toContain('53283');
  });

  it('ERN 3.8.2 (no FileSize element): nothing to compare', async () => {
    expect((await runMediaRule('package-file-size', { version: '3.8.2' })).findings).toEqual([]);
  });
});

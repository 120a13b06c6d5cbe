import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';
import { expectFindings } from '../../testing/pin.js';

const MANIFEST = Buffer.from('<?xml version="1.0"?>\n<ManifestMessage/>\n');

describe('package-batch-complete-present', () => {
  it('a batch with a non-empty BatchComplete passes', async () => {
    const run = await runMediaRule('package-batch-complete-present', { version: '4.3', files: { 'BatchComplete_20261125.xml': MANIFEST } });
    expect(run.findings).toEqual([]);
    expect(run.all.map((c) => c.status)).toEqual(['pass']);
  });

  it('a batch without one is refused', async () => {
    const run = await runMediaRule('package-batch-complete-present', { version: '3.8.2' });
    expectFindings(run, run.batch.xml, [{ id: 'missing', at: null, path: null }]);
    expect(run.findings.map((c) => [c.message_id, c.status])).toEqual([['missing', 'error']]);
  });

  it('an empty marker is refused, naming the file', async () => {
    const run = await runMediaRule('package-batch-complete-present', { version: '4.3', files: { 'BatchComplete_20261125.xml': Buffer.alloc(0) } });
    expectFindings(run, run.batch.xml, [{ id: 'empty', at: null, path: null }]);
    expect(run.findings.map((c) => [c.message_id, c.file])).toEqual([['empty', 'BatchComplete_20261125.xml']]);
  });

  it('a lone message is not judged (skipped)', async () => {
    const run = await runMediaRule('package-batch-complete-present', { version: '4.3', lone: true });
    expectFindings(run, run.batch.xml, [{ id: 'alone', at: null, path: null }]);
    expect(run.all.map((c) => [c.message_id, c.status])).toEqual([['alone', 'skipped']]);
  });
});

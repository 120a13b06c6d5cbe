import { describe, expect, it } from 'vitest';
import { runMediaRule } from '../../../media/testing/media-batch.js';

describe('artwork-size-recommended', () => {
  it.each(['4.3', '3.8.2'] as const)('ERN %s: 3000 px passes; below 1400 is left to artwork-size-minimum', async (version) => {
    expect((await runMediaRule('artwork-size-recommended', { version })).findings).toEqual([]);
    expect((await runMediaRule('artwork-size-recommended', { version, files: { 'resources/cover.jpg': 'cover-1000.jpg' } })).findings).toEqual([]);
  });

  it.each([
    ['4.3', 'A3'],
    ['3.8.2', 'A2'],
  ] as const)('ERN %s: a 2000 px cover is a warning', async (version, resource) => {
    const run = await runMediaRule('artwork-size-recommended', { version, files: { 'resources/cover.jpg': 'cover-2000.jpg' } });
    expect(run.findings).toHaveLength(1);
    expect(run.findings[0]).toMatchObject({ status: 'warning', resource });
    expect(run.findings[0].message).toContain('3000 x 3000 px is recommended');
  });
});

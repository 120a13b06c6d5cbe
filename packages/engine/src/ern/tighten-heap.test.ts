import { afterEach, describe, expect, it, vi } from 'vitest';
import v8 from 'node:v8';

describe('tightenHeap', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // The flags are the process's: what a message kept as bytes asks of V8 (see reader.ts for the measurements).
  it('asks V8 for a heap grown 20% at a time and no pretenuring, once per process', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    vi.resetModules();
    const { tightenHeap } = await import('./reader.js');
    tightenHeap();
    tightenHeap();
    expect(set.mock.calls.map(([flag]) => flag)).toEqual(['--heap-growing-percent=20', '--no-allocation-site-pretenuring']);
  });
});

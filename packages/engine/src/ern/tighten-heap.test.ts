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

  it('leaves a function that sets the flags back to V8\'s defaults (for the bin\'s code cache), once', async () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    vi.resetModules();
    const { tightenHeap, RESTORE_V8_FLAGS } = await import('./reader.js');
    const holder = globalThis as { [RESTORE_V8_FLAGS]?: () => void };
    delete holder[RESTORE_V8_FLAGS];
    tightenHeap();
    const restore = holder[RESTORE_V8_FLAGS];
    expect(typeof restore).toBe('function');
    restore!();
    expect(holder[RESTORE_V8_FLAGS]).toBeUndefined();
    expect(set.mock.calls.map(([flag]) => flag)).toEqual([
      '--heap-growing-percent=20',
      '--no-allocation-site-pretenuring',
      '--heap-growing-percent=0',
      '--allocation-site-pretenuring',
    ]);
    // A message kept as bytes after that asks again.
    tightenHeap();
    expect(set.mock.calls).toHaveLength(6);
    delete holder[RESTORE_V8_FLAGS];
  });
});


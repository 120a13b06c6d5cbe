/**
 * V8's heap settings for a message kept as bytes (heap-flags.ts): held by a thread for its run,
 * counted across the process's threads, and let go, V8's defaults coming back with the last holder.
 */
import { Worker, getEnvironmentData } from 'node:worker_threads';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';

const TIGHT = ['--heap-growing-percent=20', '--no-allocation-site-pretenuring'];
const DEFAULTS = ['--heap-growing-percent=0', '--allocation-site-pretenuring'];

/** A fresh copy of the module (its thread's hold starts released), with V8's flags spied and left alone. */
async function fresh() {
  const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
  vi.resetModules();
  const flags = await import('./heap-flags.js');
  const holder = globalThis as { [flags.RESTORE_V8_FLAGS]?: () => void };
  delete holder[flags.RESTORE_V8_FLAGS];
  return { ...flags, set, holder, calls: () => set.mock.calls.map(([flag]) => flag) };
}

describe('V8\'s heap settings', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are set by the first hold and once per thread, and V8\'s defaults come back when it lets go', async () => {
    const { tightenHeap, releaseTightHeap, tightHeapHolders, calls } = await fresh();
    const before = tightHeapHolders();
    tightenHeap();
    tightenHeap();
    expect(tightHeapHolders()).toBe(before + 1);
    if (before === 0) expect(calls()).toEqual(TIGHT);
    releaseTightHeap();
    releaseTightHeap();
    expect(tightHeapHolders()).toBe(before);
    if (before === 0) expect(calls()).toEqual([...TIGHT, ...DEFAULTS]);
  });

  it('stay while another thread holds them, and go with the last holder', async () => {
    const { tightenHeap, releaseTightHeap, tightHeapHolders, shareHeapFlags, calls } = await fresh();
    shareHeapFlags();
    expect(tightHeapHolders()).toBe(0);
    // Another thread, made after the count was shared, holds the settings through the same memory.
    const other = new Worker(
      `const { getEnvironmentData, parentPort } = require('node:worker_threads');
       const count = new Int32Array(getEnvironmentData('ddex-check.tight-heap'));
       Atomics.add(count, 0, 1);
       parentPort.on('message', () => { Atomics.sub(count, 0, 1); parentPort.postMessage('let go'); });
       parentPort.postMessage('holding');`,
      { eval: true },
    );
    await new Promise((resolve) => other.once('message', resolve));
    expect(tightHeapHolders()).toBe(1);
    tightenHeap();
    expect(tightHeapHolders()).toBe(2);
    // Not the first holder: the flags were the other thread's to set.
    expect(calls()).toEqual([]);
    releaseTightHeap();
    expect(tightHeapHolders()).toBe(1);
    // Not the last: the flags stay as they are.
    expect(calls()).toEqual([]);
    other.postMessage('let go');
    await new Promise((resolve) => other.once('message', resolve));
    await other.terminate();
    expect(tightHeapHolders()).toBe(0);
    expect(new Int32Array(getEnvironmentData('ddex-check.tight-heap') as SharedArrayBuffer)[0]).toBe(0);
  });

  it('leave a function that lets the hold go (for the bin\'s code cache), once', async () => {
    const { tightenHeap, RESTORE_V8_FLAGS, holder, calls, tightHeapHolders } = await fresh();
    expect(tightHeapHolders()).toBe(0);
    tightenHeap();
    const restore = holder[RESTORE_V8_FLAGS];
    expect(typeof restore).toBe('function');
    restore!();
    expect(holder[RESTORE_V8_FLAGS]).toBeUndefined();
    expect(calls()).toEqual([...TIGHT, ...DEFAULTS]);
    // A message kept as bytes after that holds them again.
    tightenHeap();
    expect(calls()).toHaveLength(6);
    restore!();
    expect(tightHeapHolders()).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';

// A bundle that left the worker's file out: the engine must parse on the pass's own thread.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return { ...fs, existsSync: (file: string) => (String(file).endsWith('parse-worker.js') ? false : fs.existsSync(file)) };
});

const { runMessagePass } = await import('./pass.js');
const { ParseThread, parseThreadBuilt, wantsParseThread, PARSE_THREAD_MIN_BYTES } = await import('./parse-thread.js');

describe('without the parse worker file', () => {
  it('is not wanted, and a pass asked for it runs on its own thread', async () => {
    expect(parseThreadBuilt()).toBe(false);
    expect(wantsParseThread(PARSE_THREAD_MIN_BYTES * 4)).toBe(false);
    const started = ParseThread.started;
    const names: string[] = [];
    const result = await runMessagePass(Readable.from([Buffer.from('<r><a>x</a><b/></r>')]), () => ({ listeners: [{ onOpen: (el) => names.push(el.path) }] }), { parseThread: true });
    expect(result.fatal).toBeNull();
    expect(names).toEqual(['/r', '/r/a', '/r/b']);
    expect(ParseThread.started).toBe(started);
  });
});

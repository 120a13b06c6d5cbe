/**
 * The bin starts a large message's parse thread before it loads the CLI (bin/early-thread.js), and
 * leaves it for the engine: when it does, with the engine's settings, and that a run which never
 * takes it still ends. The engine's side (it takes the thread, once, only of its own worker file)
 * is tested with the parse thread (packages/engine/src/xml/parse-thread.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { PARSE_THREAD_MIN_BYTES, PARSE_THREAD_YOUNG_GENERATION_MB } from '@ddex-check/engine';
// @ts-expect-error: plain JavaScript of the bin, without types
import { EARLY_THREAD, PARSE_THREAD_MIN_BYTES as BIN_MIN_BYTES, YOUNG_GENERATION_MB, startEarlyThread } from '../bin/early-thread.js';

const root = path.resolve(__dirname, '../../..');
const workerFile = path.join(root, 'packages/engine/dist/xml/parse-worker.js');
const holder = globalThis as Record<symbol, { worker: Worker; file: string } | undefined>;

afterEach(async () => {
  const left = holder[EARLY_THREAD];
  delete holder[EARLY_THREAD];
  await left?.worker.terminate();
});

describe('startEarlyThread', () => {
  it("starts with the engine's size and settings", () => {
    expect(BIN_MIN_BYTES).toBe(PARSE_THREAD_MIN_BYTES);
    expect(YOUNG_GENERATION_MB).toBe(PARSE_THREAD_YOUNG_GENERATION_MB);
  });

  it('starts a thread for a message of 16 MiB or more, on two cores, when the worker is built, and leaves it for the engine', async () => {
    const big = { message: PARSE_THREAD_MIN_BYTES, zip: 0 };
    expect(await startEarlyThread({ message: PARSE_THREAD_MIN_BYTES - 1, zip: 1 << 30 }, { cores: 2, file: workerFile })).toBeNull();
    expect(await startEarlyThread(big, { cores: 1, file: workerFile })).toBeNull();
    expect(await startEarlyThread(big, { cores: 2, file: path.join(os.tmpdir(), 'no-such-build/parse-worker.js') })).toBeNull();
    expect(holder[EARLY_THREAD]).toBeUndefined();
    const worker = await startEarlyThread(big, { cores: 2, file: workerFile });
    expect(worker).not.toBeNull();
    expect(holder[EARLY_THREAD]).toEqual({ worker, file: workerFile });
    // It runs: a thread that failed to start would exit.
    const online = await new Promise((resolve) => {
      worker.once('online', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });
    expect(online).toBe(true);
  });

  it('does not leave a thread that ended (or failed to start) for the engine', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'early-thread-'));
    const failing = path.join(dir, 'parse-worker.js');
    writeFileSync(failing, "throw new Error('broken build');\n");
    try {
      const worker = await startEarlyThread({ message: PARSE_THREAD_MIN_BYTES, zip: 0 }, { cores: 2, file: failing });
      expect(holder[EARLY_THREAD]?.worker).toBe(worker);
      await new Promise((resolve) => worker.once('exit', resolve));
      expect(holder[EARLY_THREAD]).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps no process alive: a run that never takes the thread still ends', () => {
    const script = `import(${JSON.stringify(path.join(root, 'apps/cli/bin/early-thread.js'))}).then(async (m) => { const w = await m.startEarlyThread({ message: ${PARSE_THREAD_MIN_BYTES}, zip: 0 }, { cores: 2, file: ${JSON.stringify(workerFile)} }); process.stdout.write(String(w !== null)); })`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout).toBe('true');
    expect(run.status).toBe(0);
  }, 30_000);
});

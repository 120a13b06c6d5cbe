/**
 * A message kept as bytes holds V8's heap settings for its run (packages/engine/src/heap-flags.ts);
 * an engine thread of the server lets them go when its task is over. Before, they stayed on for the
 * rest of the process, and every later small dry run took 40-70% more CPU under them. Watched here
 * through the process's count of holders, on a real engine thread with a generated 33 MB message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getEnvironmentData } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';
import { openMigratedDb } from '../db/connect.js';
import { backends, ensureBuilt, freshDatabase } from '../../test/support/server-process.js';
import { EnginePool } from './engine-pool.js';

describe('V8\'s heap settings on an engine thread', () => {
  let pool: EnginePool;
  let drop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    const db = await freshDatabase(backends()[0]);
    drop = db.drop;
    await (await openMigratedDb(db.config)).close();
    pool = new EnginePool(1, { db: db.config });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heap-settings-'));
  });
  afterAll(async () => {
    await pool?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are held while a message kept as bytes runs, and let go when its dry run is over', async () => {
    const file = path.join(dir, 'catalog.xml');
    await generateErn43(file, 33 * 1024 * 1024);
    // The pool shared the count with its thread when it made it (for a small dry run, holding nothing).
    await pool.runJson({ kind: 'buffer', bytes: Buffer.from('<a/>') }, 'small.xml', null);
    const holders = new Int32Array(getEnvironmentData('ddex-check.tight-heap') as SharedArrayBuffer);
    expect(Atomics.load(holders, 0)).toBe(0);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, Atomics.load(holders, 0))), 2);
    try {
      const answer = await pool.runJson({ kind: 'file', path: file }, 'catalog.xml', null);
      expect(answer.verdict).toBeTruthy();
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(1);
    expect(Atomics.load(holders, 0)).toBe(0);
    // A small dry run after it holds nothing.
    await pool.runJson({ kind: 'buffer', bytes: Buffer.from('<a/>') }, 'small.xml', null);
    expect(Atomics.load(holders, 0)).toBe(0);
  });
});

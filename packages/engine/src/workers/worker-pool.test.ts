import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool.js';

// Doubles a number; exits on 'die', answers an error on 'bad'.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (task) => {
  if (task === 'die') process.exit(3);
  if (task === 'bad') parentPort.postMessage({ error: 'bad task' });
  else if (task instanceof Uint8Array) parentPort.postMessage({ value: task.reduce((a, b) => a + b, 0) });
  else parentPort.postMessage({ value: task * 2 });
});
`;

const makePool = (size: number) => {
  let spawned = 0;
  const pool = new WorkerPool<number | string | Uint8Array, { value?: number; error?: string }, number>({
    size,
    spawn: () => {
      spawned++;
      return new Worker(SOURCE, { eval: true });
    },
    settle: (answer) => {
      if (answer.error) throw new Error(answer.error);
      return answer.value!;
    },
  });
  return { pool, spawned: () => spawned };
};

describe('WorkerPool', () => {
  it('runs queued tasks on at most `size` threads, started on demand', async () => {
    const { pool, spawned } = makePool(2);
    try {
      expect(spawned()).toBe(0);
      const results = await Promise.all([1, 2, 3, 4, 5].map((n) => pool.run(n)));
      expect(results).toEqual([2, 4, 6, 8, 10]);
      expect(spawned()).toBe(2);
      expect(pool.load).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('fails the task of a thread that dies and replaces the thread; an error answer fails only its task', async () => {
    const { pool, spawned } = makePool(1);
    try {
      await expect(pool.run('die')).rejects.toThrow('exit code 3');
      await expect(pool.run('bad')).rejects.toThrow('bad task');
      expect(await pool.run(21)).toBe(42);
      expect(spawned()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('rejects queued tasks and new ones once closed', async () => {
    const { pool } = makePool(1);
    const running = expect(pool.run(1)).rejects.toThrow('closed');
    const queued = expect(pool.run(2)).rejects.toThrow('closed');
    await pool.close();
    await queued;
    await running;
    await expect(pool.run(3)).rejects.toThrow('closed');
  });

  it('moves the buffers a task hands over to the thread, and copies the others', async () => {
    const { pool } = makePool(1);
    try {
      const kept = new Uint8Array([1, 2, 3]);
      expect(await pool.run(kept)).toBe(6);
      expect(kept.byteLength).toBe(3);
      const moved = new Uint8Array([4, 5, 6]);
      expect(await pool.run(moved, [moved.buffer])).toBe(15);
      expect(moved.byteLength).toBe(0);
    } finally {
      await pool.close();
    }
  });
});

/**
 * `native-bench --threads` reads each thread's CPU from /proc while a run goes on: a worker thread
 * doing the work must come out as the busiest other thread, not as the main thread, and in a child
 * process (the CLI starts one for a large message) too.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the benchmarks, without types.
import { runWithThreadCpu } from './thread-cpu.mjs';

// A worker spins through a fixed amount of work while the main thread waits for it.
const WORKER_SPINS = `
const { Worker } = require('node:worker_threads');
const w = new Worker('let x = 0; for (let i = 0; i < 4e8; i++) x = (x + i) | 0; require("node:worker_threads").parentPort.postMessage(x);', { eval: true });
w.on('message', () => process.exit(0));
`;

describe('thread-cpu', () => {
  it('gives the worker thread that did the work as the busiest other thread, and the main thread its own', async () => {
    const r = await runWithThreadCpu(process.execPath, ['-e', WORKER_SPINS], 20);
    expect(r.status).toBe(0);
    expect(r.threads.busiestOther).toBeGreaterThan(0.1);
    expect(r.threads.busiestOther).toBeGreaterThan(3 * r.threads.main);
  });

  it('follows a child process and reports the busiest process of the tree', async () => {
    const parent = `require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(WORKER_SPINS)}], { stdio: 'inherit' });`;
    const r = await runWithThreadCpu(process.execPath, ['-e', parent], 20);
    expect(r.status).toBe(0);
    expect(r.threads.busiestOther).toBeGreaterThan(0.1);
    expect(r.threads.busiestOther).toBeGreaterThan(3 * r.threads.main);
  });

  it('keeps what the process wrote', async () => {
    const r = await runWithThreadCpu(process.execPath, ['-e', 'process.stdout.write("out"); process.stderr.write("err"); process.exit(3)']);
    expect(r).toMatchObject({ status: 3, stdout: 'out', stderr: 'err' });
  });
});

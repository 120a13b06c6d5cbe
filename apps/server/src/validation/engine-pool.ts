/**
 * A small pool of worker threads running the engine. Tasks queue when every thread is busy; a
 * thread that dies fails its task and is replaced on the next dispatch.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { Report } from '@ddex-check/engine';
import type { EngineAnswer, EngineTask, EngineWorkerData } from './engine-task.js';

/** The compiled worker, also when this module runs from `src` (tests): workers load dist. */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  return here.replace(/[\\/]src[\\/]validation[\\/]engine-pool\.ts$/, '/dist/validation/engine-pool.js').replace(/engine-pool\.js$/, 'engine-worker.js');
}

interface Pending {
  task: EngineTask;
  resolve: (report: Report) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

export class EnginePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly data: EngineWorkerData,
  ) {}

  /** Tasks running or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.current).length;
  }

  run(input: EngineTask['input'], name: string, memberId: number | null, opts: { deep?: boolean } = {}): Promise<Report> {
    if (this.closed) return Promise.reject(new Error('engine pool is closed'));
    return new Promise<Report>((resolve, reject) => {
      this.queue.push({ task: { id: this.nextId++, input, name, memberId, deep: opts.deep ?? false }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.current);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.worker.postMessage(pending.task);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerFile(), { workerData: this.data });
    const slot: Slot = { worker, current: null };
    worker.on('message', (answer: EngineAnswer) => {
      const pending = slot.current;
      slot.current = null;
      if (pending) {
        if (answer.ok) pending.resolve(answer.report);
        else pending.reject(new Error(answer.error));
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.current?.reject(error);
      slot.current = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`engine worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('server is stopping'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

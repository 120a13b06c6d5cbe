/**
 * A small pool of worker threads, one task at a time per thread. Tasks queue when every thread is
 * busy; threads start on demand, up to `size`. A thread that dies fails its task and is replaced
 * on the next dispatch. Used by the media stage (hashing, `media/hash-pool.ts`) and by the server
 * (engine runs, `apps/server/src/validation/engine-pool.ts`).
 */
import type { TransferListItem, Worker } from 'node:worker_threads';
import { shareHeapFlags } from '../heap-flags.js';

export interface WorkerPoolOptions<Answer, Result> {
  /** Threads at most. */
  size: number;
  /** Starts a thread. */
  spawn(): Worker;
  /** Turns a thread's answer into the task's result, or throws its error. */
  settle(answer: Answer): Result;
  /** Why queued and running tasks fail when the pool closes. */
  closedMessage?: string;
}

interface Pending<Result> {
  task: unknown;
  transfer: readonly TransferListItem[];
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Result> {
  worker: Worker;
  current: Pending<Result> | null;
}

export class WorkerPool<Task, Answer, Result> {
  private readonly slots: Slot<Result>[] = [];
  private readonly queue: Pending<Result>[] = [];
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions<Answer, Result>) {}

  /** Tasks running or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.current).length;
  }

  /** `transfer`: buffers of the task moved to the thread instead of copied (the caller gives them up). */
  run(task: Task, transfer: readonly TransferListItem[] = []): Promise<Result> {
    if (this.closed) return Promise.reject(new Error(this.closedMessage()));
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ task, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the threads; queued and running tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error(this.closedMessage());
    for (const pending of this.queue.splice(0)) pending.reject(error);
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.current?.reject(error);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private closedMessage(): string {
    return this.options.closedMessage ?? 'the worker pool is closed';
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.current);
      if (!slot && this.slots.length < this.options.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.current = pending;
      slot.worker.postMessage(pending.task, pending.transfer as TransferListItem[]);
    }
  }

  private spawn(): Slot<Result> {
    // Its threads share the process's count of holders of V8's heap settings (heap-flags.ts), made
    // here, when a thread is first needed: a run that never makes one loads no worker_threads for it.
    shareHeapFlags();
    const slot: Slot<Result> = { worker: this.options.spawn(), current: null };
    slot.worker.on('message', (answer: Answer) => {
      const pending = slot.current;
      slot.current = null;
      if (pending) {
        try {
          pending.resolve(this.options.settle(answer));
        } catch (error) {
          pending.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return; // closed, or already failed
      this.slots.splice(index, 1);
      slot.current?.reject(error);
      slot.current = null;
      if (!this.closed) this.dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`a worker thread stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}

/**
 * V8's heap settings for a message kept as bytes, held while such a message runs and shared by every
 * thread of the process, since V8's flags are the process's.
 *
 * `tightenHeap` asks V8 to grow the heap by 20% at a time instead of its default (up to several
 * times the live heap). A message kept as bytes has a small live heap, but its rules decode what
 * they read, and that short-lived garbage piled up: a 1 GB message peaked at 1.4 GB of RSS for
 * about 650 MB live; with this, 0.83 GB, for about 5% more time. Not done for messages kept as
 * objects: with a large live heap, the extra full collections cost 15-40% there.
 *
 * It also turns V8's pretenuring off (`--no-allocation-site-pretenuring`): a process that read many
 * messages kept as objects (a server, a batch) has V8 allocate the model's objects straight in the
 * old generation, where they lived to the message's end; a message kept as bytes makes the same
 * objects and drops them at once, so there they filled the old generation with garbage. In a
 * thread that had checked the 75 KB sample 300 times, a 104 MB message then collected for about
 * 680 ms instead of 190 (its scavenges 3-4 times dearer, three times the full collections); with
 * the flag, 200 ms, as in a fresh thread. A lone run of the CLI takes the same time either way (104 MB,
 * four paired runs on Node 20 and 24).
 *
 * Both settings cost small messages dearly: a server that had once checked a message of 41 MB took
 * 8-10 ms of CPU for each later dry run of DDEX's 75 KB sample instead of 5.6-6.6 (and 8-10.8 when
 * started with the two flags). So a thread that holds them lets them go when its run is over
 * (`releaseTightHeap`: the server's engine threads, after each task), and V8's defaults come back
 * once no thread of the process holds them. The count of holders lives in a SharedArrayBuffer that
 * each new thread gets from the thread that made it (worker_threads' environment data): the pool
 * that makes threads shares it first (`shareHeapFlags`). A thread that dies holding the settings
 * leaves them on, as they were before any thread let them go.
 */
import v8 from 'node:v8';
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

/** Where `shareHeapFlags` leaves the process's count: [threads holding the settings, lock]. */
const SHARED_KEY = 'ddex-check.tight-heap';

let shared: Int32Array | null = null;
/** Whether this thread holds the settings (one hold a thread, whatever its messages). */
let heldHere = false;

/** The process's count, made by the first thread that asks (before it makes others, for them to share it). */
function counter(): Int32Array {
  if (shared) return shared;
  let buffer = getEnvironmentData(SHARED_KEY);
  if (!(buffer instanceof SharedArrayBuffer)) {
    buffer = new SharedArrayBuffer(8);
    setEnvironmentData(SHARED_KEY, buffer);
  }
  return (shared = new Int32Array(buffer as SharedArrayBuffer));
}

/** Makes the count before threads are made, so that they and their own threads share it (WorkerPool). */
export function shareHeapFlags(): void {
  counter();
}

/** The count changed and the flags set under one lock: a thread letting go never undoes one taking hold. */
function locked(change: (count: Int32Array) => void): void {
  const count = counter();
  while (Atomics.compareExchange(count, 1, 0, 1) !== 0) Atomics.wait(count, 1, 1, 1);
  try {
    change(count);
  } finally {
    Atomics.store(count, 1, 0);
    Atomics.notify(count, 1, 1);
  }
}

/** Holds the settings for this thread (a message kept as bytes begins); V8's flags change with the first holder. */
export function tightenHeap(): void {
  if (heldHere) return;
  heldHere = true;
  locked((count) => {
    if (count[0]++ === 0) {
      v8.setFlagsFromString('--heap-growing-percent=20');
      v8.setFlagsFromString('--no-allocation-site-pretenuring');
    }
  });
  (globalThis as { [RESTORE_V8_FLAGS]?: () => void })[RESTORE_V8_FLAGS] = releaseTightHeap;
}

/** Lets go of this thread's hold; V8's defaults come back with the last holder. */
export function releaseTightHeap(): void {
  if (!heldHere) return;
  heldHere = false;
  locked((count) => {
    if (--count[0] === 0) {
      v8.setFlagsFromString('--heap-growing-percent=0');
      v8.setFlagsFromString('--allocation-site-pretenuring');
    }
  });
  delete (globalThis as { [RESTORE_V8_FLAGS]?: () => void })[RESTORE_V8_FLAGS];
}

/** Threads of the process holding the settings (tests). */
export function tightHeapHolders(): number {
  return Atomics.load(counter(), 0);
}

/**
 * Where `tightenHeap` leaves, on `globalThis`, a function that lets its hold go, and so sets V8's
 * flags back as they were when the process started when no other thread holds them. V8 refuses a
 * code cache written under other flags than the reading process's: the CLI's bin writes its cache
 * of the bundle as a run ends, and the next run reads it before any such change, so the bin calls
 * this first (apps/cli/bin/code-cache.js).
 */
export const RESTORE_V8_FLAGS = Symbol.for('ddex-check.restore-v8-flags');

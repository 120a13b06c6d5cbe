// A run that may read a message of 64 MiB or more (kept as bytes: its garbage dies young, and its
// pages and arrays are freed at message end; on Node 20, 256 MiB or more) starts again in a child
// process with settings for its memory, which cannot be set once the process runs:
// - glibc's malloc hands blocks of 1 MiB or more straight from the system and gives them back when
//   freed (MALLOC_MMAP_THRESHOLD_): with its sliding threshold, the record pages and the index's
//   arrays freed at message end stayed in its heap. Node 20 at 1 GB: 230-238 against 280-287 MiB.
// - On Node 22 and later, Node 20's young generation: they size it by the machine's memory
//   (semi-spaces of up to 64 MiB, against 16), which only raised the peak (a 1 GB message on
//   Node 24: 431 MiB against 302 MiB with 16 MiB semi-spaces; at 326 MB 313 against 216 MiB, at
//   104 MB 265 against 221, in the same time).
// - On Node 22 and later, no incremental marking: V8 13 marks the old generation a little at a time
//   while the pass runs, and every object made meanwhile survives that cycle; a pass making garbage
//   as fast as it reads kept about 20 MB more of it (at 300 MB: 212-250 against 272-283 MiB, in the
//   same time). Node 20 showed no difference.
// Node 24 at 1 GB, three runs each, with 16 MiB semi-spaces: 322-335 MiB with neither of the other
// two, 307-312 with no incremental marking alone, 310-319 with malloc's threshold alone, 254-296 with
// both, in the same time within the machine's noise. The child costs one Node start and a second
// load of the CLI (about 0.1 s): on Node 20, where only malloc's threshold is set, it pays from 256
// MiB on (at 104 MB: 1.78-1.80 s and 205-215 MiB alone, 1.86-1.90 s and 193-201 MiB through the
// child; at 326 MB the same time, 250-272 against 264-286 MiB).
// The bin stops a child that does not end its process once its run has ended (`runInChild`).
import { writeSync } from 'node:fs';
import { inputPaths, largestInputs } from './large-inputs.js';

/** The Node flags a run was given: its own options, then those of NODE_OPTIONS (each checked for a setting the run chose). */
export function nodeFlags(execArgv = process.execArgv, env = process.env) {
  return [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean)];
}

export const SEMI_SPACE_MB = 16;
/**
 * From a message of this size (or a zip that may hold one), the child's semi-spaces are halved, on
 * Node 22 and later: the run's peak comes at the pass's end, while the parse thread still runs, and
 * a 1 GB message on Node 24 peaked at 240-274 MiB (median 257) with 8 MiB semi-spaces against
 * 254-296 (median 272) with 16, in the same time (seven runs each, 10.1-11.1 s); at 104 MB 8 MiB
 * cost 3% more time.
 */
const HUGE_MESSAGE = 512 * 1024 * 1024;
const HUGE_ZIP = 32 * 1024 * 1024;
export const HUGE_SEMI_SPACE_MB = 8;
/** malloc's threshold for the child, unless the environment sets one. */
const MMAP_THRESHOLD = String(1024 * 1024);
/**
 * From this size the child pays its start. The engine keeps a message as bytes from 32 MiB
 * (`RECORD_STORE_MIN_BYTES`, packages/engine/src/ern/reader.ts); between the two, Node 24 ran as
 * fast without a child (34 MB: 0.86 s against 0.93 s through it, at 177 against 172 MiB).
 */
const LARGE_MESSAGE = 64 * 1024 * 1024;
/** A zip that may hold such a message: ERN XML compresses 15 to 25 times. */
const LARGE_ZIP = 2 * 1024 * 1024;
/** On Node 20, where the child only sets malloc's threshold: a message (and a zip) worth its start. */
const LARGE_MESSAGE_NODE_20 = 256 * 1024 * 1024;
const LARGE_ZIP_NODE_20 = 10 * 1024 * 1024;

/**
 * Whether this run should start again in a child: when a path given is or holds a message of
 * LARGE_MESSAGE bytes or more, or is a zip of LARGE_ZIP or more (on Node 20 the _NODE_20 sizes;
 * large-inputs.js), unless the settings were chosen (malloc's threshold in the environment, and on
 * Node 22 and later the semi-space size as a flag or in NODE_OPTIONS). Anything that cannot be read
 * is left to the CLI to report.
 */
export function wantsChild(args, options = {}) {
  return childInputs(args, options) !== null;
}

/**
 * `wantsChild`, answered with the largest inputs (`largestInputs`, for `runInChild`), or null for no
 * child. `largest`: the inputs' sizes when the caller looked for them already (the bin).
 */
export function childInputs(args, { execArgv = process.execArgv, env = process.env, version = process.versions.node, stat, list, largest: known } = {}) {
  const modern = Number(version.split('.')[0]) >= 22;
  if (modern) {
    if (nodeFlags(execArgv, env).some((a) => a.startsWith('--max-semi-space-size'))) return null;
  } else if (env.MALLOC_MMAP_THRESHOLD_ !== undefined) return null;
  const largest = known ?? largestInputs(inputPaths(args), { stat, list });
  const wanted = modern ? largest.message >= LARGE_MESSAGE || largest.zip >= LARGE_ZIP : largest.message >= LARGE_MESSAGE_NODE_20 || largest.zip >= LARGE_ZIP_NODE_20;
  return wanted ? largest : null;
}

/** The child's semi-space size (Node 22 and later) for inputs as large as `largest`. */
export function semiSpaceMb(largest) {
  return largest !== null && (largest.message >= HUGE_MESSAGE || largest.zip >= HUGE_ZIP) ? HUGE_SEMI_SPACE_MB : SEMI_SPACE_MB;
}

/**
 * The child's arguments: on Node 22 and later the semi-space size and no incremental marking
 * (unless this process chose), then this process's own flags, the bin and its arguments.
 */
export function childArguments(script, args, execArgv = process.execArgv, env = process.env, version = process.versions.node, semiSpace = SEMI_SPACE_MB) {
  if (Number(version.split('.')[0]) < 22) return [...execArgv, script, ...args];
  const chosen = nodeFlags(execArgv, env).some((a) => /^--(no-)?incremental-marking$/.test(a));
  return [`--max-semi-space-size=${semiSpace}`, ...(chosen ? [] : ['--no-incremental-marking']), ...execArgv, script, ...args];
}

/** The child's environment: this one, with malloc's threshold unless it sets one. */
export function childEnvironment(env = process.env) {
  return env.MALLOC_MMAP_THRESHOLD_ === undefined ? { ...env, MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD } : env;
}

/**
 * Where the child tells the bin that its run ended, and with which code: a file descriptor of a
 * pipe, named in the child's environment (`tellRunEnded`).
 */
export const RUN_ENDED_FD = 'DDEX_CHECK_RUN_ENDED_FD';
/**
 * How long the child may take to end its process once its run has ended. Node 22 and later can
 * hang at exit, rarely, for ever: the main thread waits for V8's compiler threads while one of them
 * waits for a garbage collection on the main thread (nodejs/node#54918, open). One of about 1,300
 * runs on a 104 MB message hung here on Node 24, at its end by its CPU time and memory. A process
 * ends in a few milliseconds; past this one is stopped, the run's code kept.
 */
export const EXIT_GRACE_MS = 5000;

/**
 * Runs the CLI again in a child with `childArguments` (for inputs as large as `largest`, from
 * `childInputs`); resolves to its exit code, or ends this process by the signal that ended it. A
 * child that said its run ended (`tellRunEnded`) but is still there `graceMs` later is stopped,
 * and its run's code is the answer: its output was written before it said so. `execArgv`: the
 * child's Node options (this process's; tests).
 */
export async function runInChild(script, args, largest = null, { graceMs = EXIT_GRACE_MS, execArgv = process.execArgv } = {}) {
  // Loaded only for such a run: every run of the bin reads this module, most need no child.
  const { spawn } = await import('node:child_process');
  // A child asked for a profile writes it as its process ends, which may take longer: never stopped then.
  const guarded = !execArgv.some((arg) => /^--(cpu-prof|heap-prof|prof)(=|$|-)/.test(arg));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, childArguments(script, args, execArgv, process.env, process.versions.node, semiSpaceMb(largest)), {
      // The fourth descriptor (3): the pipe the child says its run ended on.
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
      env: { ...childEnvironment(), [RUN_ENDED_FD]: '3' },
    });
    // A signal meant for this process (a CI runner ending the job) goes to the child, which ends the run.
    const forward = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, forward);
    let told = '';
    let stopping = null;
    let ended = false;
    child.stdio[3].on('data', (data) => {
      told += data;
      const code = /^(\d+)\n/.exec(told);
      // The word may come after the child's end: nothing to stop then.
      if (!code || stopping || ended || !guarded) return;
      stopping = setTimeout(() => {
        process.stderr.write(`ddex-check: the run ended (exit code ${code[1]}), but its process did not end within ${graceMs / 1000} s (Node.js can hang at exit: nodejs/node#54918); it was stopped\n`);
        child.removeAllListeners('exit');
        child.kill('SIGKILL');
        for (const s of signals) process.off(s, forward);
        resolve(Number(code[1]));
      }, graceMs);
    });
    // Never an unhandled error: the child may end before this side reads.
    child.stdio[3].on('error', () => undefined);
    child.on('error', (error) => {
      process.stderr.write(`ddex-check: internal error: cannot start the run (${error.message})\n`);
      resolve(2);
    });
    child.on('exit', (code, signal) => {
      ended = true;
      clearTimeout(stopping);
      for (const s of signals) process.off(s, forward);
      if (signal) process.kill(process.pid, signal);
      else resolve(code ?? 2);
    });
  });
}

/**
 * In the child (`runInChild`): the descriptor to say the run ended on, taken out of the environment
 * so that no process this run starts sees it; null elsewhere.
 */
export function runEndedFd(env = process.env) {
  const fd = Number(env[RUN_ENDED_FD]);
  delete env[RUN_ENDED_FD];
  return Number.isInteger(fd) && fd > 2 ? fd : null;
}

/**
 * Says on `fd` (`runEndedFd`) that the run ended with `code`, once what it wrote to stdout and
 * stderr is with the system: then the bin may stop a process that does not end.
 */
export async function tellRunEnded(fd, code) {
  if (fd === null) return;
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))));
  try {
    writeSync(fd, `${code}\n`);
  } catch {
    // The bin is gone: nobody waits for the process.
  }
}

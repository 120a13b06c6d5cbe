// Node 22 and later size V8's young generation by the machine's memory (semi-spaces of up to 64 MiB,
// against Node 20's 16). A message of 64 MiB or more is kept as bytes, and its garbage dies young:
// the larger nursery only raised the peak (a 1 GB message on Node 24: 431 MiB against 302 MiB with
// 16 MiB semi-spaces; at 326 MB 313 against 216 MiB, at 104 MB 265 against 221, in the same time). The flag cannot be set once
// V8 runs, so such a run starts again in a child process with Node 20's size, and two more settings
// that bring Node 24's peak at 1 GB under 300 MiB (Node 20 needs neither; measured on one machine,
// three runs each, with 16 MiB semi-spaces: 322-335 MiB with neither, 307-312 with the first alone,
// 310-319 with the second alone, 277-294 with both, in the same time within the machine's noise):
// - no incremental marking: V8 13 marks the old generation a little at a time while the pass runs, and
//   every object made meanwhile survives that cycle; a pass making garbage as fast as it reads kept
//   about 20 MB more of it (at 300 MB: 212-250 against 272-283 MiB, in the same time);
// - glibc's malloc hands blocks of 1 MiB or more straight from the system (MALLOC_MMAP_THRESHOLD_), and
//   gives them back when freed: with its sliding threshold, the record pages and the index's arrays
//   freed at message end stayed in its heap.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const SEMI_SPACE_MB = 16;
/** malloc's threshold for the child, unless the environment sets one. */
const MMAP_THRESHOLD = String(1024 * 1024);
/** `RECORD_STORE_MIN_BYTES` (packages/engine/src/ern/reader.ts): from this size a message is kept as bytes. */
const LARGE_MESSAGE = 64 * 1024 * 1024;
/** A zip that may hold such a message: ERN XML compresses 15 to 25 times. */
const LARGE_ZIP = 2 * 1024 * 1024;
/** Entries of a folder looked at, at most (a delivery folder holds a message and its media). */
const MAX_ENTRIES = 5000;

/**
 * Whether this run should start again with smaller semi-spaces: on Node 22 and later, unless the
 * size was chosen (a flag or NODE_OPTIONS), when a path given is or holds (two levels down) an
 * .xml of LARGE_MESSAGE bytes or more, or a .zip of LARGE_ZIP or more. Anything that cannot be
 * read is left to the CLI to report.
 */
export function wantsSmallerYoungGeneration(args, { execArgv = process.execArgv, env = process.env, version = process.versions.node, stat = statSync, list = readdirSync } = {}) {
  if (Number(version.split('.')[0]) < 22) return false;
  if (execArgv.some((a) => a.startsWith('--max-semi-space-size')) || (env.NODE_OPTIONS ?? '').includes('--max-semi-space-size')) return false;
  const budget = { entries: MAX_ENTRIES };
  return args.some((arg) => !arg.startsWith('-') && holdsLarge(arg, 2, budget, stat, list));
}

function holdsLarge(file, levels, budget, stat, list) {
  let info;
  try {
    info = stat(file);
  } catch {
    return false;
  }
  if (info.isFile()) return isLarge(file, info.size);
  if (!info.isDirectory() || levels === 0) return false;
  let names;
  try {
    names = list(file);
  } catch {
    return false;
  }
  for (const name of names) {
    if (--budget.entries < 0) return false;
    if (holdsLarge(path.join(file, name), levels - 1, budget, stat, list)) return true;
  }
  return false;
}

function isLarge(file, size) {
  const lower = file.toLowerCase();
  return (lower.endsWith('.zip') && size >= LARGE_ZIP) || (!lower.endsWith('.zip') && size >= LARGE_MESSAGE);
}

/** The child's arguments: the semi-space size, no incremental marking (unless this process chose), this process's own flags, the bin and its arguments. */
export function childArguments(script, args, execArgv = process.execArgv, env = process.env) {
  const chosen = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--(no-)?incremental-marking$/.test(a));
  return [`--max-semi-space-size=${SEMI_SPACE_MB}`, ...(chosen ? [] : ['--no-incremental-marking']), ...execArgv, script, ...args];
}

/** The child's environment: this one, with malloc's threshold unless it sets one. */
export function childEnvironment(env = process.env) {
  return env.MALLOC_MMAP_THRESHOLD_ === undefined ? { ...env, MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD } : env;
}

/** Runs the CLI again in a child with `childArguments`; resolves to its exit code, or ends this process by the signal that ended it. */
export function runInChild(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, childArguments(script, args), { stdio: 'inherit', env: childEnvironment() });
    // A signal meant for this process (a CI runner ending the job) goes to the child, which ends the run.
    const forward = (signal) => child.kill(signal);
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    for (const signal of signals) process.on(signal, forward);
    child.on('error', (error) => {
      process.stderr.write(`ddex-check: internal error: cannot start the run (${error.message})\n`);
      resolve(2);
    });
    child.on('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      if (signal) process.kill(process.pid, signal);
      else resolve(code ?? 2);
    });
  });
}

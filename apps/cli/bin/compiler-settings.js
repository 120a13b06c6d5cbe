// V8's optimizing compiler, told to inline less for a run on a mid-sized message on one or two cores.
// Measured on 2 cores (Node 20, the CLI writing JSON, 4-6 alternated runs per size; `perf` and
// `--turbo-stats` for where the CPU went): on a 41 MB generated message the run spent about 0.95 s of
// CPU compiling (on V8's helper threads), against 0.78 s for the main thread and 0.54 s for the parse
// thread, and the compiler threads take their CPU from those two. Inlining less makes each compile
// smaller: with V8's cumulative inlining budget at 300 bytes of bytecode instead of 920, 8 MB took
// 0.50 against 0.55 s, 41 MB 1.03 against 1.15 s, 104 MB 1.75 against 1.81 s (medians), and 8 MB
// on one core 0.77 against 0.90 s. Larger messages spend a smaller share compiling and run longer in
// the less inlined code: the same at 300 MB, 4% more time at 1 GB, so the setting stops at 256 MiB.
// On Node 24 (Maglev compiles first) it changed little (41 MB 1.00 against 1.01 s). With more
// cores, the compiler threads run beside the run's two threads instead of taking their time, and
// only the slower code would remain: not set there (not measured: this machine has two).
// Plain JavaScript: the bin decides before it loads the CLI.
import os from 'node:os';
import { nodeFlags } from './memory-settings.js';

export const INLINING_FLAG = '--max-inlined-bytecode-size-cumulative';
/** V8's budget for such a run, in bytes of bytecode (V8's own: 920). */
export const INLINING_BUDGET = 300;
/** From this size (a message, or a zip that may hold one: ERN compresses 15 to 25 times)... */
const MIN_MESSAGE = 1024 * 1024;
const MIN_ZIP = 64 * 1024;
/** ...up to (not with) these. Below, the run compiles little (and `node:v8` costs 3 ms to load). */
const MAX_MESSAGE = 256 * 1024 * 1024;
const MAX_ZIP = 10 * 1024 * 1024;
const MAX_CORES = 2;

/**
 * The V8 flag for a run whose largest inputs are `largest` (large-inputs.js), or null: on at most
 * MAX_CORES cores, when a message or zip is within the sizes above and none is past them, unless the
 * run chose its own budget (a flag of Node's or in NODE_OPTIONS).
 */
export function compilerFlag(largest, { cores = os.availableParallelism(), execArgv = process.execArgv, env = process.env } = {}) {
  if (cores > MAX_CORES) return null;
  if (nodeFlags(execArgv, env).some((a) => a.startsWith(INLINING_FLAG))) return null;
  if (largest.message >= MAX_MESSAGE || largest.zip >= MAX_ZIP) return null;
  if (largest.message < MIN_MESSAGE && largest.zip < MIN_ZIP) return null;
  return `${INLINING_FLAG}=${INLINING_BUDGET}`;
}

/** Sets `compilerFlag`'s flag, if any, before the CLI is loaded; returns it. */
export async function applyCompilerSettings(largest, options) {
  const flag = compilerFlag(largest, options);
  if (flag) (await import('node:v8')).default.setFlagsFromString(flag);
  return flag;
}

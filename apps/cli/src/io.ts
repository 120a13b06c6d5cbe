/**
 * What the CLI touches of its process, passed in so that `run(argv, io)` is testable in-process:
 * output streams, working folder and environment. Nothing else reads `process` directly.
 */
import type { Writable } from 'node:stream';

export interface OutStream {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}

/** Writes and waits until the chunk is handed to the OS, so the bin can exit right after. */
export function writeOut(stream: OutStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** True when colours should be used on this stream (TTY, NO_COLOR unset, TERM not dumb), unless forced. */
export function wantsColor(stream: OutStream, env: NodeJS.ProcessEnv, forced?: boolean): boolean {
  if (forced !== undefined) return forced;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export type { Writable };

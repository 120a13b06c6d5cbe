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

/**
 * A reader that went away (`ddex-check … | head -1`) is normal in a shell pipeline: writing to a
 * closed pipe fails with EPIPE (then the stream is destroyed), and that is no error of the run.
 */
function isClosedPipe(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

let pipeGuarded = false;

export function processIo(): CliIo {
  if (!pipeGuarded) {
    pipeGuarded = true;
    // Without a listener, the stream's 'error' event for EPIPE would end the process with a stack trace.
    for (const stream of [process.stdout, process.stderr]) {
      stream.on('error', (error) => {
        if (!isClosedPipe(error)) throw error;
      });
    }
  }
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}

/** Writes and waits until the chunk is handed to the OS, so the bin can exit right after; a closed reader is ignored. */
export function writeOut(stream: OutStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      stream.write(text, (error) => (error && !isClosedPipe(error) ? reject(error) : resolve()));
    } catch (error) {
      if (isClosedPipe(error)) resolve();
      else reject(error);
    }
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

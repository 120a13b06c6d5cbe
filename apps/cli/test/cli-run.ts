/** Runs the CLI in-process (`run(argv, io)`) and collects its exit code, stdout and stderr. */
import { run } from '../src/run.js';
import type { CliIo } from '../src/io.js';

export async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const stream = (append: (s: string) => void) => ({
    write(chunk: string, cb?: (e?: Error | null) => void) {
      append(chunk);
      cb?.();
      return true;
    },
  });
  const io: CliIo = { stdout: stream((s) => (stdout += s)), stderr: stream((s) => (stderr += s)), cwd: process.cwd(), env: { ...process.env, NO_COLOR: '1' } };
  const code = await run(args, io);
  return { code, stdout, stderr };
}

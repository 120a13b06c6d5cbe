/** Reading and writing baseline files for `--baseline` / `--write-baseline` (the logic is the engine's). */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BaselineError, BaselineMatcher, baselineOf, parseBaseline, type Report } from '@ddex-check/engine';
import { UsageError } from '../usage-error.js';
import { makeFolderSync } from '@ddex-check/engine/make-folder';

export async function readBaseline(file: string, cwd: string): Promise<BaselineMatcher> {
  const shown = path.relative(cwd, file) || file;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--baseline ${shown}: ${code === 'ENOENT' ? 'file not found (create it with --write-baseline)' : `cannot be read (${code})`}`);
  }
  try {
    return new BaselineMatcher(parseBaseline(JSON.parse(text), shown), path.dirname(file));
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(`--baseline ${error.message}`);
    throw new UsageError(`--baseline ${shown}: not valid JSON (${(error as Error).message})`);
  }
}

export async function writeBaseline(file: string, reports: readonly Report[]): Promise<number> {
  const baseline = baselineOf(reports, path.dirname(file));
  try {
    makeFolderSync(path.dirname(file));
    await writeFile(file, JSON.stringify(baseline, null, 2) + '\n');
  } catch (error) {
    throw new UsageError(`--write-baseline ${file}: cannot write: ${(error as Error).message}`);
  }
  return baseline.entries.reduce((n, e) => n + e.count, 0);
}

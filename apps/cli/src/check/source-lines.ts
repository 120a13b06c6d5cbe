/**
 * Source lines for the text formatter's excerpts. Each message file on disk (a lone XML, or a
 * message inside a folder) is streamed once and only the lines that checks point at are kept, so
 * a 1 GB message costs no more memory than its findings. Zip entries are not re-opened: their
 * findings print without an excerpt.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sourceKind, type Report } from '@ddex-check/engine';

const MAX_LINE = 4000;

async function readLines(file: string, wanted: Set<number>): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  // A loop, not Math.max(...wanted): a message with a few hundred thousand findings overflowed the call stack.
  let last = 0;
  for (const line of wanted) if (line > last) last = line;
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) {
      n++;
      if (wanted.has(n)) found.set(n, line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line);
      if (n >= last) break;
    }
  } catch {
    // An unreadable file only costs the excerpt.
  } finally {
    lines.close();
    stream.destroy();
  }
  return found;
}

function diskPath(report: Report, file: string): string | null {
  const kind = sourceKind(report);
  if (kind === 'zip' || file === '') return null;
  if (kind === 'xml') return report.source;
  const resolved = path.resolve(report.source, file);
  // Never read outside the batch folder, whatever the check's file says.
  return resolved.startsWith(path.resolve(report.source) + path.sep) ? resolved : null;
}

export type SourceLineLookup = (report: Report, file: string, line: number) => string | undefined;

export async function loadSourceLines(reports: readonly Report[]): Promise<SourceLineLookup> {
  const byReport = new Map<Report, Map<string, Map<number, string>>>();
  for (const report of reports) {
    const wanted = new Map<string, Set<number>>();
    for (const check of report.checks) {
      if (check.line === null || check.status === 'pass') continue;
      const set = wanted.get(check.file) ?? new Set<number>();
      set.add(check.line);
      wanted.set(check.file, set);
    }
    const files = new Map<string, Map<number, string>>();
    for (const [file, lines] of wanted) {
      const onDisk = diskPath(report, file);
      if (onDisk) files.set(file, await readLines(onDisk, lines));
    }
    byReport.set(report, files);
  }
  return (report, file, line) => byReport.get(report)?.get(file)?.get(line);
}

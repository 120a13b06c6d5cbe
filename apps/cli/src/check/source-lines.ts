/**
 * Source lines for the text formatter's excerpts. Each message file on disk (a lone XML, or a
 * message inside a folder) is read once up to the last line a check points at, and only those
 * lines are kept, so a 1 GB message costs no more memory than its findings. Zip entries are not re-opened: their
 * findings print without an excerpt.
 */
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { findSourceLines, sourceKind, type Report } from '@ddex-check/engine';

const MAX_LINE = 4000;
/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;

/**
 * The lines `wanted` of `file` (1-based; a line ends at LF, CRLF or a lone CR, as XML counts them),
 * each cut at MAX_LINE characters, found by the engine's `findSourceLines` in chunks of the file read
 * into one buffer: a finding at the end of a 1 GB message took 7 s through readline, which makes a
 * string of every line. An unreadable file gives none. `chunkBytes`: for tests.
 */
export async function readLines(file: string, wanted: ReadonlySet<number>, chunkBytes = CHUNK_BYTES): Promise<Map<number, string>> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(file, 'r');
    const read = handle;
    const chunk = Buffer.allocUnsafe(chunkBytes);
    // Each chunk is read into the same buffer: the finder copies what it keeps before it asks for the next.
    async function* chunks() {
      for (;;) {
        const { bytesRead } = await read.read(chunk, 0, chunkBytes, null);
        if (bytesRead === 0) return;
        yield chunk.subarray(0, bytesRead);
      }
    }
    return await findSourceLines(chunks(), wanted, MAX_LINE);
  } catch {
    // An unreadable file only costs the excerpt.
    return new Map();
  } finally {
    await handle?.close().catch(() => undefined);
  }
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

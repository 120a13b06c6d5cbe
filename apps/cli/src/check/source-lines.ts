/**
 * Source lines for the text formatter's excerpts. Each message file on disk (a lone XML, or a
 * message inside a folder) is read once up to the last line a check points at, and only those
 * lines are kept, so a 1 GB message costs no more memory than its findings. Zip entries are not re-opened: their
 * findings print without an excerpt.
 */
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { sourceKind, type Report } from '@ddex-check/engine';

const MAX_LINE = 4000;
/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;
const LF = 10;
const CR = 13;

/**
 * The lines `wanted` of `file` (1-based; a line ends at LF, CRLF or a lone CR, as XML counts them),
 * each cut at MAX_LINE characters. Line ends are found in the bytes (Buffer's indexOf) and only the
 * wanted lines are decoded: a finding at the end of a 1 GB message took 7 s through readline, which
 * makes a string of every line. `chunkBytes`: for tests.
 */
export async function readLines(file: string, wanted: ReadonlySet<number>, chunkBytes = CHUNK_BYTES): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  // In order, the next one looked for by a place in the list (not Math.max(...wanted): a message with a few hundred
  // thousand findings overflowed the call stack).
  const lines = Float64Array.from(wanted).sort();
  let next = lines.findIndex((n) => n >= 1);
  if (next === -1) return found;
  const last = lines[lines.length - 1];
  let handle: FileHandle | null = null;
  try {
    handle = await open(file, 'r');
    const chunk = Buffer.allocUnsafe(chunkBytes);
    let line = 1;
    // The bytes of the wanted line being read (it may span chunks), kept up to what MAX_LINE characters can take.
    let taking: Buffer[] | null = null;
    let taken = 0;
    /** Whether the line being read has bytes (a file ending with a line end has no empty line after it). */
    let any = false;
    const begin = () => {
      any = false;
      if (lines[next] !== line) return;
      taking = [];
      while (lines[next] === line) next++;
    };
    begin();
    let afterCR = false;
    // Bytes `from` to `to` of `bytes` belong to the line being read. Only a wanted line's are copied:
    // most lines are not, and a view of each (subarray) cost more than finding its end.
    const take = (bytes: Buffer, from: number, to: number) => {
      if (to > from) any = true;
      if (taking === null || taken >= MAX_LINE * 4) return;
      const part = Buffer.from(bytes.subarray(from, Math.min(to, from + MAX_LINE * 4 - taken)));
      taking.push(part);
      taken += part.length;
    };
    const end = () => {
      if (taking === null) return;
      const text = Buffer.concat(taking).toString('utf8');
      found.set(line, text.length > MAX_LINE ? text.slice(0, MAX_LINE) : text);
      taking = null;
      taken = 0;
    };
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
      if (bytesRead === 0) break;
      const bytes = chunk.subarray(0, bytesRead);
      let at = 0;
      // A CRLF split between two chunks is one line end.
      if (afterCR && bytes[0] === LF) at = 1;
      afterCR = false;
      // The next LF and CR from `at` (-1: none in this chunk), looked up again only once passed.
      let lf = bytes.indexOf(LF, at);
      let cr = bytes.indexOf(CR, at);
      while (line <= last) {
        const stop = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
        if (stop === -1) {
          take(bytes, at, bytesRead);
          break;
        }
        take(bytes, at, stop);
        end();
        at = stop + 1;
        if (bytes[stop] === CR) {
          if (at === bytesRead) afterCR = true;
          else if (bytes[at] === LF) at++;
        }
        line++;
        begin();
        if (lf !== -1 && lf < at) lf = bytes.indexOf(LF, at);
        if (cr !== -1 && cr < at) cr = bytes.indexOf(CR, at);
      }
      if (line > last) break;
    }
    // The last line, without a line end.
    if (any) end();
  } catch {
    // An unreadable file only costs the excerpt.
  } finally {
    await handle?.close().catch(() => undefined);
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

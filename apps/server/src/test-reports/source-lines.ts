/**
 * The source lines a test report's findings point at, read from the batch while the dry run still
 * has it (the body is dropped once the report is made), so the report page can print each finding
 * with its line as the CLI's text report does. Each message is read once, up to the last wanted
 * line; only the wanted lines are kept, each cut at MAX_LINE characters, at most MAX_LINES in all.
 */
import { openBatch, type Report } from '@ddex-check/engine';
import type { Readable } from 'node:stream';

/** `{file: {line: text}}` as stored in `test_reports.source_lines`. */
export type SourceLines = Record<string, Record<string, string>>;

const MAX_LINE = 400;
const MAX_LINES = 20_000;

/** Where a finding points: its message file and 1-based line. */
export type FindingLine = [file: string, line: number];

/**
 * The distinct lines the report's findings (not passes) point at, at most MAX_LINES: small enough
 * to pass from the engine thread with a report already serialized (ddex/engine-worker.ts).
 */
export function findingLines(report: Report): FindingLine[] {
  const seen = new Set<string>();
  const out: FindingLine[] = [];
  for (const check of report.checks) {
    if (check.line === null || check.status === 'pass' || check.file === '') continue;
    const key = `${check.line}\u0000${check.file}`;
    if (seen.has(key)) continue;
    if (out.length >= MAX_LINES) break;
    seen.add(key);
    out.push([check.file, check.line]);
  }
  return out;
}

function byFile(lines: readonly FindingLine[]): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  for (const [file, line] of lines) {
    const set = wanted.get(file) ?? new Set<number>();
    set.add(line);
    wanted.set(file, set);
  }
  return wanted;
}

const BREAK = /[\r\n]/g;

/** Reads the wanted 1-based lines of a stream (LF, CRLF or a lone CR end a line, as XML counts them). */
export async function linesOfStream(stream: Readable, wanted: ReadonlySet<number>): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const last = Math.max(0, ...[...wanted].slice(0, MAX_LINES));
  const decoder = new TextDecoder('utf-8');
  let line = 1;
  let current = '';
  let afterCR = false;
  const keep = () => {
    if (wanted.has(line)) found[line] = current.slice(0, MAX_LINE);
    current = '';
    line++;
  };
  try {
    for await (const chunk of stream) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      // From one line break to the next (found natively: a character at a time cost a 75 KB dry run
      // about 1 ms); only a wanted line's characters are kept, and only up to MAX_LINE of them.
      let i = 0;
      while (i < text.length && line <= last) {
        BREAK.lastIndex = i;
        const found = BREAK.exec(text);
        const end = found ? found.index : text.length;
        if (end > i) {
          afterCR = false;
          if (wanted.has(line) && current.length < MAX_LINE) current += text.slice(i, Math.min(end, i + MAX_LINE - current.length));
        }
        if (!found) break;
        if (text.charCodeAt(end) === 10) {
          if (afterCR) afterCR = false;
          else keep();
        } else {
          keep();
          afterCR = true;
        }
        i = end + 1;
      }
      if (line > last) break;
    }
    if (line <= last && current) keep();
  } finally {
    stream.destroy();
  }
  return found;
}

/**
 * The source lines of the report's findings (the report, or its `findingLines`), from the batch it
 * was made from; an unreadable batch gives none.
 */
export async function sourceLinesOf(input: { kind: 'buffer'; bytes: Uint8Array } | { kind: 'file'; path: string }, name: string, findings: Report | readonly FindingLine[]): Promise<SourceLines> {
  const wanted = byFile(Array.isArray(findings) ? findings : findingLines(findings as Report));
  const out: SourceLines = {};
  if (wanted.size === 0) return out;
  let batch;
  try {
    batch = input.kind === 'buffer' ? await openBatch(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), { name }) : await openBatch(input.path, { name });
  } catch {
    return out;
  }
  try {
    for (const entry of batch.entries) {
      // A lone XML's checks name the message by the batch's display name.
      const file = batch.kind === 'xml' && !wanted.has(entry.path) && wanted.size === 1 ? [...wanted.keys()][0] : entry.path;
      const lines = wanted.get(file);
      if (!lines) continue;
      try {
        out[file] = await linesOfStream(await entry.open(), lines);
      } catch {
        // An entry that cannot be read again only costs its excerpts.
      }
    }
  } finally {
    await batch.close().catch(() => undefined);
  }
  return out;
}

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

/** The lines each file's findings (not passes) point at. */
function wantedLines(report: Report): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  let count = 0;
  for (const check of report.checks) {
    if (check.line === null || check.status === 'pass' || check.file === '') continue;
    const set = wanted.get(check.file) ?? new Set<number>();
    if (!set.has(check.line)) {
      if (count >= MAX_LINES) break;
      set.add(check.line);
      count++;
    }
    wanted.set(check.file, set);
  }
  return wanted;
}

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
      for (let i = 0; i < text.length && line <= last; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) {
          if (afterCR) afterCR = false;
          else keep();
          continue;
        }
        afterCR = false;
        if (c === 13) {
          keep();
          afterCR = true;
          continue;
        }
        // Only the wanted line's characters are kept, and only up to MAX_LINE of them.
        if (wanted.has(line) && current.length < MAX_LINE) current += text[i];
      }
      if (line > last) break;
    }
    if (line <= last && current) keep();
  } finally {
    stream.destroy();
  }
  return found;
}

/** The source lines of the report's findings, from the batch it was made from; an unreadable batch gives none. */
export async function sourceLinesOf(input: { kind: 'buffer'; bytes: Uint8Array } | { kind: 'file'; path: string }, name: string, report: Report): Promise<SourceLines> {
  const wanted = wantedLines(report);
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

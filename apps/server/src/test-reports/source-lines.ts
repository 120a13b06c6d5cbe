/**
 * The source lines a test report's findings point at, read from the batch while the dry run still
 * has it (the body is dropped once the report is made), so the report page can print each finding
 * with its line as the CLI's text report does. Each message is read once, up to the last wanted
 * line; only the wanted lines are kept, each cut at MAX_LINE characters, at most MAX_LINES in all.
 */
import type { Readable } from 'node:stream';
import { findSourceLines, openBatch, type Report } from '@ddex-check/engine';

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
      // A lone message in memory is read where it is; a zip's entries and a file as streams.
      let stream: Readable | null = null;
      try {
        const source = batch.kind === 'xml' && input.kind === 'buffer' ? input.bytes : (stream = await entry.open());
        out[file] = Object.fromEntries(await findSourceLines(source, lines, MAX_LINE));
      } catch {
        // An entry that cannot be read again only costs its excerpts.
      } finally {
        // The finder stops at the last wanted line, or reads nothing when no line is wanted: the
        // stream is closed here, its file with it, and an error it emits after that is heard.
        stream?.on('error', () => undefined).destroy();
      }
    }
  } finally {
    await batch.close().catch(() => undefined);
  }
  return out;
}

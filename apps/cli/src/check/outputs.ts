/**
 * `-f FORMAT -o FILE` pairs, several per run. Commander calls option parsers in argv order, so an
 * `-o` binds to the nearest `-f` before it that has no file yet (or the next `-f` when it comes
 * first); a format without `-o` goes to standard output, and only one may.
 */
import { FORMAT_NAMES, formatterFor } from '@ddex-check/engine';
import { UsageError } from '../usage-error.js';

export interface OutputTarget {
  format: string;
  /** null = standard output. */
  file: string | null;
}

interface Pending {
  format?: string;
  file?: string;
}

export class OutputPairs {
  private readonly entries: Pending[] = [];

  addFormat = (value: string): OutputPairs => {
    if (!formatterFor(value)) throw new UsageError(`unknown format "${value}" (use ${FORMAT_NAMES.join(', ')})`);
    const waiting = this.entries.find((e) => e.format === undefined);
    if (waiting) waiting.format = value;
    else this.entries.push({ format: value });
    return this;
  };

  addOutput = (value: string): OutputPairs => {
    if (value.trim() === '') throw new UsageError('-o needs a file name');
    const open = [...this.entries].reverse().find((e) => e.format !== undefined && e.file === undefined);
    if (open) open.file = value;
    else this.entries.push({ file: value });
    return this;
  };

  targets(): OutputTarget[] {
    const targets = this.entries.map((e) => ({ format: e.format ?? 'text', file: e.file ?? null }));
    if (targets.length === 0) return [{ format: 'text', file: null }];
    const toStdout = targets.filter((t) => t.file === null);
    if (toStdout.length > 1) {
      throw new UsageError(`only one format can go to standard output (${toStdout.map((t) => t.format).join(', ')}): give the others -o FILE`);
    }
    const files = targets.map((t) => t.file).filter((f): f is string => f !== null);
    const twice = files.find((f, i) => files.indexOf(f) !== i);
    if (twice) throw new UsageError(`two formats are written to ${twice}`);
    return targets;
  }
}

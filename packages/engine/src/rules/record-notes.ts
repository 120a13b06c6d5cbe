/**
 * What a rule notes of each record as it closes (`ctx.onResource`, `onRelease`, `onDeal`), so that
 * at message end it reads only the records it reports: their numbers, or a byte of flags a record.
 */
import { hashText } from '../hash-text.js';

type OnRecord<T> = (fn: (record: T, n: number) => void) => void;

/** The numbers of the records `holds` is true of, filled as they close (`on`: `ctx.onResource`, `ctx.onRelease` or `ctx.onDeal`). */
export function numbersWhere<T>(on: OnRecord<T>, holds: (record: T) => unknown): readonly number[] {
  const numbers: number[] = [];
  on((record, n) => {
    if (holds(record)) numbers.push(n);
  });
  return numbers;
}

/** A byte of flags per record number, grown as records come: what a rule noted of each record as it closed. */
export class RecordFlags {
  private bytes = new Uint8Array(1024);

  set(n: number, flags: number): void {
    this.bytes = withRoom(this.bytes, n);
    this.bytes[n] |= flags;
  }

  /** The flags of record `n` (0 for one never set, or -1). */
  get(n: number): number {
    return n >= 0 && n < this.bytes.length ? this.bytes[n] : 0;
  }
}

/**
 * A 32-bit hash of a text per record number (FNV-1a; 0: none), grown as records come: a rule looking for
 * records that share a value (two resources with one ISRC) notes each record's hash as it closes,
 * and at message end reads only the records whose hash another record has too (`shared`), instead
 * of every record again. Four bytes a record, where a Map of the values took about fifty.
 */
export class RecordHashes {
  private values = new Uint32Array(1024);
  private count = 0;

  /** Notes `text` (null: none) as record `n`'s value. */
  set(n: number, text: string | null): void {
    this.values = withRoom(this.values, n);
    this.values[n] = text === null ? 0 : hashText(text) >>> 0 || 1;
    if (n >= this.count) this.count = n + 1;
  }

  /**
   * The numbers, in order, of the records whose hash another record has too: every record that
   * shares its value with another is among them, with a few whose hashes only collide (the caller
   * compares the values).
   */
  shared(): number[] {
    const sorted = this.values.slice(0, this.count).sort();
    const twice = new Set<number>();
    for (let i = 1; i < sorted.length; i++) if (sorted[i] !== 0 && sorted[i] === sorted[i - 1]) twice.add(sorted[i]);
    const numbers: number[] = [];
    if (twice.size === 0) return numbers;
    for (let n = 0; n < this.count; n++) if (twice.has(this.values[n])) numbers.push(n);
    return numbers;
  }
}

/** `array`, or a copy of it twice as long (at least `n + 1`) when `n` is beyond it. */
function withRoom<A extends Uint8Array | Uint32Array>(array: A, n: number): A {
  if (n < array.length) return array;
  const grown = new (array.constructor as new (length: number) => A)(Math.max(n + 1, array.length * 2));
  grown.set(array);
  return grown;
}

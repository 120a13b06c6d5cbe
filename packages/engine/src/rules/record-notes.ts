/**
 * What a rule notes of each record as it closes (`ctx.onResource`, `onRelease`, `onDeal`), so that
 * at message end it reads only the records it reports: their numbers, or a byte of flags a record.
 */
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
    if (n >= this.bytes.length) {
      const grown = new Uint8Array(Math.max(n + 1, this.bytes.length * 2));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[n] |= flags;
  }

  /** The flags of record `n` (0 for one never set, or -1). */
  get(n: number): number {
    return n >= 0 && n < this.bytes.length ? this.bytes[n] : 0;
  }
}

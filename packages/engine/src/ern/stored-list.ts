/**
 * Lists kept as bytes and read in order (record-store.ts): every reference of a message, and what
 * rules collect while the message streams.
 */
import { PAGE_SPAN, RecordStore, type Chain } from './record-store.js';

/**
 * A list kept in a store of its own: `push` writes the item, iteration reads each one back, in
 * order. Its records follow each other in the store's pages, each with its row and line as
 * differences to the record before, so the list keeps no address per item, only where each page
 * starts (every reference of a message: five per track release, about 20 bytes each).
 */
export class StoredList<T> implements Iterable<T> {
  /** Item number and address of the first item of each page. */
  private readonly pageStarts: number[] = [];
  private readonly chain: Chain = { row: 0, line: 0 };
  private lastPage = -1;
  private readonly slot: number;
  length = 0;

  constructor(
    private readonly store: RecordStore,
    private readonly toRecord: (item: T) => Record<string, unknown>,
    private readonly fromRecord: (record: Record<string, unknown>) => T,
  ) {
    this.slot = store.newSlot();
  }

  push(item: T): number {
    const at = this.store.write(this.toRecord(item), this.slot, this.chain);
    const page = Math.floor(at / PAGE_SPAN);
    if (page !== this.lastPage) {
      this.lastPage = page;
      this.pageStarts.push(this.length, at);
    }
    return ++this.length;
  }

  [Symbol.iterator](): Iterator<T> {
    let i = 0;
    const chain: Chain = { row: 0, line: 0 };
    let at = 0;
    let nextStart = 0;
    // An object rather than a generator: resuming a generator cost several times a call (an album's track list is read by six rules).
    return {
      next: (): IteratorResult<T> => {
        if (i >= this.length) return { value: undefined, done: true };
        if (nextStart < this.pageStarts.length && this.pageStarts[nextStart] === i) {
          at = this.pageStarts[nextStart + 1];
          nextStart += 2;
        }
        i++;
        const record = this.store.decodeChained(at, chain);
        at = this.store.after;
        return { value: this.fromRecord(record), done: false };
      },
    };
  }

  toJSON(): T[] {
    return [...this];
  }

  /** Empties the list and lets go of its store's pages (their owner is done reading it). */
  close(): void {
    this.store.close();
    this.length = 0;
    this.pageStarts.length = 0;
  }
}

/** A list of plain records (strings, numbers, locations) kept as bytes in a store of its own: for what a rule collects while the message streams and checks at its end. */
export function keptList<T extends object>(): StoredList<T> {
  return new StoredList<T>(new RecordStore('ordered'), (item) => item as Record<string, unknown>, (record) => record as T);
}

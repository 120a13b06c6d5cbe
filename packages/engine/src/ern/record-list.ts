/**
 * A list of the model kept as bytes (record-store.ts): the releases, resources, deals or parties
 * of a message too big to keep as objects. It holds each record's address, 8 bytes, and makes a
 * view when a record is asked for: a view kept per record took 40 bytes (the view and its slot in
 * an array), 50 MB for the 1.27 million records of a 1 GB message, which the collector marked on
 * every full collection. A view is made again at each read, so two reads of one record give two
 * objects: compare records by their anchors or numbers, not by identity.
 *
 * Readers push plain objects while a record's element is open (and may still fill in the last
 * one); `seal` writes those whose elements closed. Messages kept as objects use arrays, which
 * have the same methods (`Records` in model.ts).
 */
import type { Records } from './model.js';
import type { RecordStore } from './record-store.js';

export class RecordList<T extends object> implements Records<T> {
  /** Addresses of the sealed records; a record that is not a plain object stays in `others` (its address is -1 - its place there). */
  private addresses = new Float64Array(16);
  private sealed = 0;
  private readonly pending: T[] = [];
  private readonly others: T[] = [];
  private readonly slot: number;

  constructor(private readonly store: RecordStore) {
    this.slot = store.newSlot();
  }

  get length(): number {
    return this.sealed + this.pending.length;
  }

  push(item: T): number {
    this.pending.push(item);
    return this.length;
  }

  /** Writes the records pushed since the last call into the store (their elements closed). */
  seal(): void {
    const pending = this.pending;
    if (pending.length === 0) return;
    if (this.sealed + pending.length > this.addresses.length) {
      const grown = new Float64Array(Math.max(this.sealed + pending.length, this.addresses.length * 2));
      grown.set(this.addresses.subarray(0, this.sealed));
      this.addresses = grown;
    }
    for (const item of pending) {
      const plain = (item as { constructor?: unknown }).constructor === Object;
      this.addresses[this.sealed++] = plain ? this.store.write(item as Record<string, unknown>, this.slot) : -this.others.push(item);
    }
    pending.length = 0;
  }

  /** Record `i` (negative: from the end), a new view of it if it is sealed. */
  at(i: number): T | undefined {
    if (i < 0) i += this.length;
    if (i < 0 || i >= this.length) return undefined;
    if (i >= this.sealed) return this.pending[i - this.sealed];
    const at = this.addresses[i];
    return at < 0 ? this.others[-1 - at] : (this.store.view(at, this, i) as T);
  }

  /** A view's setter wrote record `i` again, at `at`. */
  moved(i: number, at: number): void {
    this.addresses[i] = at;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }

  filter(predicate: (value: T, index: number) => unknown): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.length; i++) {
      const value = this.at(i)!;
      if (predicate(value, i)) out.push(value);
    }
    return out;
  }

  map<U>(fn: (value: T, index: number) => U): U[] {
    const out = new Array<U>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = fn(this.at(i)!, i);
    return out;
  }

  flatMap<U>(fn: (value: T, index: number) => U | readonly U[]): U[] {
    const out: U[] = [];
    for (let i = 0; i < this.length; i++) {
      const value = fn(this.at(i)!, i);
      if (Array.isArray(value)) out.push(...(value as readonly U[]));
      else out.push(value as U);
    }
    return out;
  }

  find(predicate: (value: T, index: number) => unknown): T | undefined {
    for (let i = 0; i < this.length; i++) {
      const value = this.at(i)!;
      if (predicate(value, i)) return value;
    }
    return undefined;
  }

  some(predicate: (value: T, index: number) => unknown): boolean {
    return this.find(predicate) !== undefined;
  }

  every(predicate: (value: T, index: number) => unknown): boolean {
    for (let i = 0; i < this.length; i++) if (!predicate(this.at(i)!, i)) return false;
    return true;
  }

  forEach(fn: (value: T, index: number) => void): void {
    for (let i = 0; i < this.length; i++) fn(this.at(i)!, i);
  }

  /** The records, as JSON.stringify writes an array of them. */
  toJSON(): T[] {
    return [...this];
  }
}

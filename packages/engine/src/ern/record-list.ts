/**
 * A list of the model kept as bytes (record-store.ts): the releases, resources, deals or parties
 * of a message too big to keep as objects. It holds each record's address, 4 bytes, and makes a
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
import { HELD_KEY } from './record-views.js';

/** The largest address a list keeps in 4 bytes: a store of up to 1,024 pages (PAGE_SPAN each). */
const NARROW_ADDRESS = 0x7fffffff;

export class RecordList<T extends object> implements Records<T> {
  /**
   * Addresses of the sealed records; a record that is not a plain object stays in `others` (its
   * address is -1 - its place there). Four bytes each while the store's addresses fit (about 1 GB of
   * records, a message of several GB), eight past that (`widen`): at 1 GB 4 MB less per list.
   */
  private addresses: Int32Array | Float64Array = new Int32Array(16);
  /** Each sealed record's shape (record-store.ts), and its `kind` (record-views.ts) as a number into `kinds` (0: none). */
  private shapes = new Uint16Array(16);
  private held = new Uint8Array(16);
  private readonly kinds: unknown[] = [undefined];
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

  /** Keeps at most `keep` pages of the list's store in memory from now on (the store is shared by the message's lists). */
  shrink(keep: number): void {
    this.store.shrink(keep);
  }

  /** Writes the records pushed since the last call into the store (their elements closed). */
  seal(): void {
    const pending = this.pending;
    if (pending.length === 0) return;
    if (this.sealed + pending.length > this.addresses.length) this.grow(Math.max(this.sealed + pending.length, this.addresses.length * 2));
    for (const item of pending) {
      const i = this.sealed++;
      if ((item as { constructor?: unknown }).constructor !== Object) {
        this.addresses[i] = -this.others.push(item);
        continue;
      }
      const at = this.store.write(item as Record<string, unknown>, this.slot);
      if (at > NARROW_ADDRESS) this.widen();
      this.addresses[i] = at;
      // Plus one; 0: read from the store (the model's shapes number in the hundreds).
      this.shapes[i] = this.store.lastShape < 0xffff ? this.store.lastShape + 1 : 0;
      if (HELD_KEY in item) this.hold(i, (item as Record<string, unknown>)[HELD_KEY]);
    }
    pending.length = 0;
  }

  private grow(size: number): void {
    const addresses = this.addresses instanceof Int32Array ? new Int32Array(size) : new Float64Array(size);
    addresses.set(this.addresses.subarray(0, this.sealed));
    this.addresses = addresses;
    const shapes = new Uint16Array(size);
    shapes.set(this.shapes.subarray(0, this.sealed));
    this.shapes = shapes;
    const held = new Uint8Array(size);
    held.set(this.held.subarray(0, this.sealed));
    this.held = held;
  }

  /** Keeps the addresses in 8 bytes from now on (an address past NARROW_ADDRESS). */
  private widen(): void {
    if (this.addresses instanceof Float64Array) return;
    this.addresses = Float64Array.from(this.addresses);
  }

  /** Record `i`'s `kind` is `value` (sealed, or assigned through a view). */
  hold(i: number, value: unknown): void {
    let code = this.kinds.indexOf(value, 1);
    if (code === -1) {
      // A handful of kinds in practice; past 255 distinct values, the views read it from the store.
      if (this.kinds.length > 255) code = 0;
      else code = this.kinds.push(value) - 1;
    }
    this.held[i] = code;
  }

  /** Record `i` (negative: from the end), a new view of it if it is sealed. */
  at(i: number): T | undefined {
    if (i < 0) i += this.length;
    if (i < 0 || i >= this.length) return undefined;
    if (i >= this.sealed) return this.pending[i - this.sealed];
    const at = this.addresses[i];
    if (at < 0) return this.others[-1 - at];
    const code = this.held[i];
    const shape = this.shapes[i];
    return this.store.view(at, this, i, code === 0 ? undefined : this.kinds[code], shape === 0 ? undefined : shape - 1) as T;
  }

  /** Record `i`'s `kind` (`HELD_KEY`): the held value, with no view made, when the list holds it; else read from the record. */
  kindAt(i: number): unknown {
    if (i >= 0 && i < this.sealed && this.held[i] !== 0 && this.addresses[i] >= 0) return this.kinds[this.held[i]];
    return (this.at(i) as Record<string, unknown> | undefined)?.[HELD_KEY];
  }

  /**
   * Whether record `i`'s `key` is a located value whose text is `text`, read in the store's bytes
   * without a view (record-store.ts `locatedTextIs`); null when that cannot tell (a record not
   * sealed or not stored, of an unknown shape, or a field of another kind): read the record.
   */
  locatedTextIs(i: number, key: string, text: string): boolean | null {
    return this.inBytes(i, key, null, (at, index) => this.store.locatedTextIs(at, index, text));
  }

  /**
   * Record `i`'s field `key` as text (a located value's or a string's), read in the store's bytes
   * without a view (record-store.ts `textOf`); null for a null field; undefined when that cannot
   * tell (a record not sealed or not stored, of an unknown shape, or a field of another kind).
   */
  textOf(i: number, key: string): string | null | undefined {
    return this.inBytes(i, key, undefined, (at, index) => this.store.textOf(at, index));
  }

  /** The text of `item`'s value in the first object of record `i`'s list `key` (its first title's `text`), as `textOf` tells it. */
  firstItemTextOf(i: number, key: string, item: string): string | null | undefined {
    return this.inBytes(i, key, undefined, (at, index) => this.store.firstItemTextOf(at, index, item));
  }

  /**
   * `read(address, field)` for field `key` of record `i` in the store's bytes; `none` when the record
   * is not sealed or not stored, of an unknown shape, or has no such field (or `key` is the held one).
   */
  private inBytes<R>(i: number, key: string, none: R, read: (at: number, index: number) => R): R {
    if (i < 0 || i >= this.sealed || this.shapes[i] === 0 || key === HELD_KEY) return none;
    const at = this.addresses[i];
    if (at < 0) return none;
    const index = this.store.keyIndex(this.shapes[i] - 1, key);
    return index < 0 ? none : read(at, index);
  }

  /** A view's setter wrote record `i` again, at `at`. */
  moved(i: number, at: number): void {
    if (at > NARROW_ADDRESS) this.widen();
    this.addresses[i] = at;
  }

  [Symbol.iterator](): Iterator<T> {
    return new RecordListIterator(this);
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

/**
 * Reads a list in order, a view per record (the length asked at each step, as a loop would). An
 * object rather than a generator: rules sweep every list at message end, 40 of them over each
 * record of a catalog message, and resuming a generator cost several times a call.
 */
class RecordListIterator<T extends object> implements Iterator<T> {
  private i = 0;

  constructor(private readonly list: RecordList<T>) {}

  next(): IteratorResult<T> {
    const list = this.list;
    if (this.i < list.length) return { value: list.at(this.i++)!, done: false };
    return { value: undefined, done: true };
  }
}

/** The `kind` of record `i` of `list` (undefined past its end): no view made for a record whose list holds its kind. */
export function kindAt(list: Records<object>, i: number): unknown {
  if (list instanceof RecordList) return list.kindAt(i);
  return (list.at(i) as Record<string, unknown> | undefined)?.[HELD_KEY];
}

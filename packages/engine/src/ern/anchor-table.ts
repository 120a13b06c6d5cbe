/**
 * A hash table of a record list's numbers by the records' local anchors (`A1`, `R41463`), for the
 * message's index when its records are many (index-of-message.ts, `TypedIndexBuilder`): typed
 * arrays instead of a map entry and a string per anchor; short anchors are kept packed, longer ones
 * by hash, so that a probe seldom reads a record.
 */
import { hashText } from '../hash-text.js';
import { numberFrom, numberStart } from '../numbered-text.js';
import type { Records } from './model.js';
import { RecordList } from './record-list.js';

/** Slots of an AnchorTable's cache of anchors found lately. */
const RECENT = 1024;
/** A slot's first number when its anchor is not packed (longer than 7 characters, or beyond Latin-1): its second is then the anchor's hash. */
const LONG = -1;
/** The two numbers `pack` made. */
const packing = new Int32Array(2);

/**
 * Packs `text` exactly into two numbers (`packing`): its length and first three characters, then
 * the next four, one byte each; false when it is longer than 7 characters or one is beyond Latin-1.
 * Anchors are mostly short (`A1`, `R41463`, `PArtist1` is the longest of a generated catalog), so a
 * probe compares them there instead of reading a record. The first number's low byte is the length
 * (0 to 7), so it is never LONG.
 */
function pack(text: string): boolean {
  const n = text.length;
  if (n > 7) return false;
  let lo = n;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) return false;
    if (i < 3) lo |= c << (8 * (i + 1));
    else hi |= c << (8 * (i - 3));
  }
  packing[0] = lo;
  packing[1] = hi;
  return true;
}

/** `size` empty slots of an AnchorTable: three numbers each, the first -1. */
function emptySlots(size: number): Int32Array {
  const slots = new Int32Array(3 * size);
  for (let i = 0; i < slots.length; i += 3) slots[i] = -1;
  return slots;
}

/**
 * Numbered anchors (`numbered`) are kept apart at all; tests turn it off to probe the hash table
 * with anchors that would be numbered.
 */
export const NUMBERED_ANCHORS = { on: true };
/** A table's numbered anchors may take numbers up to this many, or four times its anchors when more: a number far beyond goes to the hash table. */
const NUMBERED_MIN = 1 << 16;

/** Where a packed anchor goes: its two numbers mixed (murmur3's finalizer), so that the high bits `start` reads vary. */
function mixed(lo: number, hi: number): number {
  let h = lo ^ Math.imul(hi, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Record numbers of a list by anchor; the first record with an anchor wins (a duplicate anchor is a
 * finding for a rule, not something to hide here). Anchors written as the table's prefix and a
 * number (`A1` … `A414000`, as DDEX's samples and most senders number them) are kept by number in
 * an array, four bytes each: no hash, and a lookup of the next anchor reads next to the last one's.
 * The prefix is the first such anchor's. The others go to a hash table. Each slot keeps two numbers beside the record
 * number: a short anchor packed (`pack`: the anchor itself, so a probe compares it there, exactly),
 * or LONG and a longer anchor's hash, so that a probe reads a record (from its bytes, maybe from
 * another page of the store) only when the hashes match: comparing anchors at every colliding slot
 * read records all over the message. Twelve bytes a slot at any size: until the session of
 * 2026-11-28, a table of more than 262,144 slots (a message of a few hundred MB) kept only hashes,
 * and its probes read the records of short anchors too (about 0.3 s of a 1 GB message's run).
 */
export class AnchorTable<T> {
  /**
   * Three numbers a slot, side by side (a probe of a large table reads one cache line, not three
   * arrays): the record number (-1: empty), then its anchor packed (two numbers), or LONG and its hash.
   */
  private slots: Int32Array;
  private size: number;
  /** Anchors held (the table grows past two thirds full). */
  private count = 0;
  /** Records whose anchor an earlier record holds, in order. */
  readonly shadowed: number[] = [];
  /**
   * Anchors found lately and their records, by where they go: a reference is looked up as it is
   * read and again when its record closes (the index's links), and confirming a long anchor reads
   * its record. Only anchors found are kept, which no later record changes (the first record of an
   * anchor wins).
   */
  private readonly recentRefs: (string | undefined)[] = new Array<string | undefined>(RECENT).fill(undefined);
  private readonly recentRecords = new Int32Array(RECENT);
  /** The list when kept as bytes and the anchor is a located value's text: probes compare it in the bytes (`locatedTextIs`), without a view. */
  private readonly stored: RecordList<object> | null;
  /**
   * Numbered anchors (the table's `prefix` and a number): the record number + 1 by number (0: none).
   * The array grows with the numbers met, which may go up to NUMBERED_MIN or four times the anchors.
   */
  private byNumber = new Int32Array(0);
  private prefix: string | null = null;
  /** Anchors held by number. */
  private numberedCount = 0;
  /** Anchors of the prefix in the hash table, their numbers beyond the limit when they came: until one is, a number not held is not held at all. */
  private farNumbers = 0;
  /** The two numbers of the anchor last given to `keyOf` (which returns where it goes). */
  private first = 0;
  private second = 0;

  /** `key`: the field whose located value's text `anchor` gives (`r.reference?.value ?? null`), for probes in the bytes. */
  constructor(
    private readonly list: Records<T>,
    private readonly anchor: (record: T) => string | null,
    private readonly key: string | null = null,
  ) {
    this.stored = key !== null && list instanceof RecordList ? (list as RecordList<object>) : null;
    // Two thirds full at most, any size (a power of two would take up to twice that); numbered anchors mostly go elsewhere.
    const size = 16;
    this.slots = emptySlots(size);
    this.size = size;
    // Indexed loops: this runs once per message over every record.
    for (let i = 0; i < list.length; i++) this.add(i);
  }

  /** Sets `first` and `second` for `ref` and returns where it goes (a short anchor is not hashed). */
  private keyOf(ref: string): number {
    if (pack(ref)) {
      this.first = packing[0];
      this.second = packing[1];
      return mixed(this.first, this.second);
    }
    this.first = LONG;
    return (this.second = hashText(ref));
  }

  /** The number of `ref` when it is the table's prefix and a number (numbered-text.ts), else -1. */
  private numberOf(ref: string): number {
    const prefix = this.prefix;
    if (prefix === null || numberStart(ref) !== prefix.length || !ref.startsWith(prefix)) return -1;
    return numberFrom(ref, prefix.length);
  }

  /** Indexes record `record` of the list (records come in list order: the first with an anchor wins). */
  add(record: number): void {
    const ref = this.anchor(this.list.at(record)!);
    if (!ref) return;
    if (this.prefix === null && NUMBERED_ANCHORS.on) {
      const p = numberStart(ref);
      if (p > 0) this.prefix = ref.slice(0, p);
    }
    const number = this.numberOf(ref);
    // Up to a limit that only grows: a number beyond it now was beyond it before, so no earlier record holds the anchor by number.
    if (number >= 0 && number < Math.max(NUMBERED_MIN, 4 * (this.numberedCount + this.count + 1))) {
      if ((number < this.byNumber.length && this.byNumber[number] !== 0) || (this.farNumbers > 0 && this.hashed(ref) !== -1)) {
        this.shadowed.push(record);
        return;
      }
      if (number >= this.byNumber.length) {
        const grown = new Int32Array(Math.max(number + 1, Math.ceil(this.byNumber.length * 1.5), 1024));
        grown.set(this.byNumber);
        this.byNumber = grown;
      }
      this.byNumber[number] = record + 1;
      this.numberedCount++;
      return;
    }
    if (3 * (this.count + 1) > 2 * this.size) this.grow();
    const h = this.keyOf(ref);
    const { first, second } = this;
    const slots = this.slots;
    for (let at = 3 * this.start(h); ; at = at + 3 === slots.length ? 0 : at + 3) {
      const held = slots[at];
      if (held === -1) {
        slots[at] = record;
        slots[at + 1] = first;
        slots[at + 2] = second;
        this.count++;
        if (number >= 0) this.farNumbers++;
        return;
      }
      if (slots[at + 1] === first && slots[at + 2] === second && (first !== LONG || this.anchors(held, ref))) {
        this.shadowed.push(record);
        return;
      }
    }
  }

  /** Half as many slots again (a 1 GB message's tables fill while its parse thread still runs), each anchor placed again by its numbers (anchors held are distinct: none is compared). */
  private grow(): void {
    const old = this.slots;
    this.size = Math.ceil(this.size * 1.5);
    const slots = (this.slots = emptySlots(this.size));
    for (let i = 0; i < old.length; i += 3) {
      if (old[i] === -1) continue;
      const first = old[i + 1];
      const second = old[i + 2];
      let at = 3 * this.start(first === LONG ? second : mixed(first, second));
      while (slots[at] !== -1) at = at + 3 === slots.length ? 0 : at + 3;
      slots[at] = old[i];
      slots[at + 1] = first;
      slots[at + 2] = second;
    }
  }

  /** Whether record `held`'s anchor is `ref` (a long anchor whose hash matched). */
  private anchors(held: number, ref: string): boolean {
    if (this.stored !== null) {
      const known = this.stored.locatedTextIs(held, this.key!, ref);
      if (known !== null) return known;
    }
    return this.anchor(this.list.at(held)!) === ref;
  }

  /** The first slot to probe for `h`: its place scaled to the size (no modulo). */
  private start(h: number): number {
    return Math.floor(((h >>> 0) * this.size) / 4294967296);
  }

  /** The record number of `ref`, or -1. */
  find(ref: string): number {
    const number = this.numberOf(ref);
    if (number >= 0) {
      if (number < this.byNumber.length && this.byNumber[number] !== 0) return this.byNumber[number] - 1;
      // Not held by number: it may be in the hash table still, if its number was beyond the limit when it came.
      if (this.farNumbers === 0) return -1;
    }
    return this.count === 0 ? -1 : this.hashed(ref);
  }

  /** The record number of `ref` in the hash table, or -1. */
  private hashed(ref: string): number {
    const h = this.keyOf(ref);
    const recent = h & (RECENT - 1);
    if (this.recentRefs[recent] === ref) return this.recentRecords[recent];
    const { first, second, slots } = this;
    for (let at = 3 * this.start(h); ; at = at + 3 === slots.length ? 0 : at + 3) {
      const held = slots[at];
      if (held === -1) return -1;
      if (slots[at + 1] === first && slots[at + 2] === second && (first !== LONG || this.anchors(held, ref))) {
        this.recentRefs[recent] = ref;
        this.recentRecords[recent] = held;
        return held;
      }
    }
  }

  get(ref: string): T | undefined {
    const i = this.find(ref);
    return i === -1 ? undefined : this.list.at(i);
  }
}

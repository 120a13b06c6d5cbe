/**
 * A hash table of a record list's numbers by the records' local anchors (`A1`, `R41463`), for the
 * message's index when its records are many (index-of-message.ts, `TypedIndexBuilder`): typed
 * arrays instead of a map entry and a string per anchor, probes that compare hashes first and short
 * anchors packed beside them, so that a probe seldom reads a record.
 */
import { hashText } from '../hash-text.js';
import type { Records } from './model.js';
import { RecordList } from './record-list.js';

/** Slots of an AnchorTable's cache of anchors found lately. */
const RECENT = 1024;
/**
 * An AnchorTable keeps its short anchors packed beside their hashes while it has at most this many
 * slots (2 MB a table): past it (a message of several hundred MB), probes read the records again.
 * Tests lower it.
 */
export const PACKED_ANCHORS = { slots: 1 << 18 };
/** A slot whose anchor is not packed (longer than 7 characters, or beyond Latin-1). */
const LONG = -1;
/** The two numbers `pack` made. */
const packing = new Int32Array(2);

/**
 * Packs `text` exactly into two numbers (`packing`): its length and first three characters, then
 * the next four, one byte each; false when it is longer than 7 characters or one is beyond Latin-1.
 * Anchors are mostly short (`A1`, `R41463`, `PArtist1` is the longest of a generated catalog), so a
 * probe compares them there instead of reading a record.
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

/**
 * Record numbers of a list by anchor; the first record with an anchor wins (a duplicate anchor is a
 * finding for a rule, not something to hide here). Each slot keeps its anchor's hash beside the
 * record number, so a probe reads a record (from its bytes, maybe from another page of the store)
 * only when the hashes match: comparing anchors at every colliding slot read records all over the
 * message.
 */
export class AnchorTable<T> {
  private slots: Int32Array;
  private hashes: Int32Array;
  /**
   * Each slot's anchor packed (`pack`: two numbers a slot, exact), or LONG, so that a probe whose
   * hash matches compares it there instead of reading the record (maybe from a page on disk: at 104
   * MB that took about 3% of the run); null past `PACKED_ANCHORS.slots` slots.
   */
  private packed: Int32Array | null;
  private size: number;
  /** Anchors held (the table grows past two thirds full). */
  private count = 0;
  /** Records whose anchor an earlier record holds, in order. */
  readonly shadowed: number[] = [];
  /**
   * Anchors found lately and their records, by hash: a reference is looked up as it is read and
   * again when its record closes (the index's links), and confirming an anchor reads its record.
   * Only anchors found are kept, which no later record changes (the first record of an anchor wins).
   */
  private readonly recentRefs: (string | undefined)[] = new Array<string | undefined>(RECENT).fill(undefined);
  private readonly recentRecords = new Int32Array(RECENT);
  /** The list when kept as bytes and the anchor is a located value's text: probes compare it in the bytes (`locatedTextIs`), without a view. */
  private readonly stored: RecordList<object> | null;

  /** `key`: the field whose located value's text `anchor` gives (`r.reference?.value ?? null`), for probes in the bytes. */
  constructor(
    private readonly list: Records<T>,
    private readonly anchor: (record: T) => string | null,
    private readonly key: string | null = null,
  ) {
    this.stored = key !== null && list instanceof RecordList ? (list as RecordList<object>) : null;
    // Two thirds full at most, any size (a power of two would take up to twice that).
    const size = Math.max(16, Math.ceil(list.length * 1.5));
    this.slots = new Int32Array(size).fill(-1);
    this.hashes = new Int32Array(size);
    this.packed = size <= PACKED_ANCHORS.slots ? new Int32Array(2 * size) : null;
    this.size = size;
    // Indexed loops: this runs once per message over every record.
    for (let i = 0; i < list.length; i++) this.add(i);
  }

  /** Indexes record `record` of the list (records come in list order: the first with an anchor wins). */
  add(record: number): void {
    const ref = this.anchor(this.list.at(record)!);
    if (!ref) return;
    if (3 * (this.count + 1) > 2 * this.size) this.grow();
    const h = hashText(ref);
    const short = this.packed !== null && pack(ref);
    const lo = packing[0];
    const hi = packing[1];
    for (let at = this.start(h); ; at = at + 1 === this.size ? 0 : at + 1) {
      const held = this.slots[at];
      if (held === -1) {
        this.slots[at] = record;
        this.hashes[at] = h;
        if (this.packed !== null) {
          this.packed[2 * at] = short ? lo : LONG;
          this.packed[2 * at + 1] = hi;
        }
        this.count++;
        return;
      }
      if (this.hashes[at] === h && this.holds(at, held, ref, short, lo, hi)) {
        this.shadowed.push(record);
        return;
      }
    }
  }

  /** Half as many slots again (a 1 GB message's tables fill while its parse thread still runs), each anchor placed again by its hash (anchors held are distinct: none is compared). */
  private grow(): void {
    const { slots, hashes } = this;
    const packed = this.packed;
    this.size = Math.ceil(this.size * 1.5);
    this.slots = new Int32Array(this.size).fill(-1);
    this.hashes = new Int32Array(this.size);
    this.packed = packed !== null && this.size <= PACKED_ANCHORS.slots ? new Int32Array(2 * this.size) : null;
    for (let i = 0; i < slots.length; i++) {
      if (slots[i] === -1) continue;
      let at = this.start(hashes[i]);
      while (this.slots[at] !== -1) at = at + 1 === this.size ? 0 : at + 1;
      this.slots[at] = slots[i];
      this.hashes[at] = hashes[i];
      if (this.packed !== null) {
        this.packed[2 * at] = packed![2 * i];
        this.packed[2 * at + 1] = packed![2 * i + 1];
      }
    }
  }

  /**
   * Whether slot `at` (record `held`, its hash matching) holds `ref`: compared packed when either is
   * short (`short`, with `lo` and `hi` from `pack`), else in the record.
   */
  private holds(at: number, held: number, ref: string, short: boolean, lo: number, hi: number): boolean {
    const packed = this.packed;
    if (packed !== null) {
      const kept = packed[2 * at];
      if (kept !== LONG) return short && kept === lo && packed[2 * at + 1] === hi;
      // A short reference is not a long anchor.
      if (short) return false;
    }
    return this.anchors(held, ref);
  }

  /** Whether record `held`'s anchor is `ref`. */
  private anchors(held: number, ref: string): boolean {
    if (this.stored !== null) {
      const known = this.stored.locatedTextIs(held, this.key!, ref);
      if (known !== null) return known;
    }
    return this.anchor(this.list.at(held)!) === ref;
  }

  /** The first slot to probe for hash `h`: its place scaled to the size (no modulo). */
  private start(h: number): number {
    return Math.floor(((h >>> 0) * this.size) / 4294967296);
  }

  /** The record number of `ref`, or -1. */
  find(ref: string): number {
    const h = hashText(ref);
    const recent = h & (RECENT - 1);
    if (this.recentRefs[recent] === ref) return this.recentRecords[recent];
    const short = this.packed !== null && pack(ref);
    const lo = packing[0];
    const hi = packing[1];
    for (let at = this.start(h); ; at = at + 1 === this.size ? 0 : at + 1) {
      const held = this.slots[at];
      if (held === -1) return -1;
      if (this.hashes[at] === h && this.holds(at, held, ref, short, lo, hi)) {
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

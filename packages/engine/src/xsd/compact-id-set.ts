/**
 * A set of ID values. IDs written as a prefix and a number (`A1`, `R41463`, as ERN's references
 * mostly are) are kept as one bit per number, a bit array per prefix: exact, and an eighth of a
 * byte each (a 1 GB message's 830,000 IDs took 16 MB as hashes, and the most of the parse
 * thread's memory). Other IDs are kept as 64-bit hashes in one typed array (open addressing), 8 to
 * 16 bytes per ID instead of ~100 for a Set of strings: the validator's memory must not grow with
 * message size. Two different such IDs share a hash with a probability near n²/2⁶⁵ (3·10⁻⁸ for a
 * million IDs): then a duplicate would be reported, or a dangling reference missed, wrongly. That
 * risk is accepted (xsd/README.md).
 */
import { numberFrom, numberStart } from '../numbered-text.js';

/** Prefixes kept as bit arrays at most; IDs of others go by hash. */
const PREFIXES = 16;
/** A prefix's bits go up to this number, or eight times its IDs when more: a number far beyond goes by hash. */
const MIN_BITS = 1 << 16;

/** The IDs of one prefix, by number. */
interface Numbered {
  prefix: string;
  bits: Uint8Array;
  count: number;
  /** IDs of the prefix kept by hash (their numbers beyond the limit when they came): until one is, a bit not set is an ID not there. */
  far: number;
}

/** cyrb53's two 32-bit lanes (a fast, well-mixed string hash), never both zero. */
function hash(value: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  h1 >>>= 0;
  h2 >>>= 0;
  return h1 === 0 && h2 === 0 ? [0, 1] : [h1, h2];
}

export class CompactIdSet {
  private slots = new Uint32Array(2 * 1024);
  private mask = 1023;
  /** IDs kept by hash. */
  private hashed = 0;
  size = 0;
  private readonly numbered: Numbered[] = [];
  /** Set by `numberOf`: the prefix's bit array (null: none), and the number. */
  private entry: Numbered | null = null;
  private number = -1;

  /**
   * Whether `value` is a prefix and a number (numbered-text.ts) whose prefix has its bits: sets
   * `entry` (the prefix's, made when `make` and there is room) and `number`.
   */
  private numberOf(value: string, make: boolean): boolean {
    const p = numberStart(value);
    if (p < 0) return false;
    let entry: Numbered | null = null;
    for (const e of this.numbered) {
      if (e.prefix.length === p && value.startsWith(e.prefix)) {
        entry = e;
        break;
      }
    }
    if (entry === null && make && this.numbered.length < PREFIXES) {
      entry = { prefix: value.slice(0, p), bits: new Uint8Array(0), count: 0, far: 0 };
      this.numbered.push(entry);
    }
    if (entry === null) return false;
    this.entry = entry;
    this.number = numberFrom(value, p);
    return true;
  }

  has(value: string): boolean {
    if (this.numberOf(value, false)) {
      const { bits, far } = this.entry!;
      const n = this.number;
      if (n >> 3 < bits.length && (bits[n >> 3] & (1 << (n & 7))) !== 0) return true;
      if (far === 0) return false;
    }
    if (this.hashed === 0) return false;
    const [h1, h2] = hash(value);
    return this.find(h1, h2) >= 0;
  }

  /** Adds the value; false when it was already there. */
  add(value: string): boolean {
    let entry: Numbered | null = null;
    if (this.numberOf(value, true)) {
      entry = this.entry!;
      const n = this.number;
      // Up to a limit that only grows: a number beyond it now was beyond it before, so no earlier ID has it as a bit.
      if (n < Math.max(MIN_BITS, 8 * (entry.count + 1))) {
        let bits = entry.bits;
        if (n >> 3 < bits.length && (bits[n >> 3] & (1 << (n & 7))) !== 0) return false;
        if (entry.far > 0 && this.has(value)) return false;
        if (n >> 3 >= bits.length) {
          const grown = new Uint8Array(Math.max((n >> 3) + 1, Math.ceil(bits.length * 1.5), 1024));
          grown.set(bits);
          entry.bits = bits = grown;
        }
        bits[n >> 3] |= 1 << (n & 7);
        entry.count++;
        this.size++;
        return true;
      }
    }
    const [h1, h2] = hash(value);
    if (this.find(h1, h2) >= 0) return false;
    if (entry !== null) entry.far++;
    this.hashed++;
    // Up to three quarters full: linear probing stays short with a well-mixed hash, and at a million
    // IDs the table is half the size a half-full limit needs (16 instead of 32 MB on a 1 GB message).
    if ((this.hashed + 1) * 4 > (this.mask + 1) * 3) this.grow();
    this.insert(h1, h2);
    this.size++;
    return true;
  }

  private find(h1: number, h2: number): number {
    for (let i = h1 & this.mask; ; i = (i + 1) & this.mask) {
      const a = this.slots[2 * i]!;
      const b = this.slots[2 * i + 1]!;
      if (a === 0 && b === 0) return -1;
      if (a === h1 && b === h2) return i;
    }
  }

  private insert(h1: number, h2: number): void {
    let i = h1 & this.mask;
    while (this.slots[2 * i] !== 0 || this.slots[2 * i + 1] !== 0) i = (i + 1) & this.mask;
    this.slots[2 * i] = h1;
    this.slots[2 * i + 1] = h2;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.mask = this.mask * 2 + 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i]!, old[i + 1]!);
    }
  }
}

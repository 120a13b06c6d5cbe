/**
 * A set of ID values kept as 64-bit hashes in one typed array (open addressing), 8 to 16 bytes
 * per ID instead of ~100 for a Set of strings: a 1 GB message holds about a million IDs, and the
 * validator's memory must not grow with message size. Two different IDs share a hash with a
 * probability near n²/2⁶⁵ (3·10⁻⁸ for a million IDs): then a duplicate would be reported, or a
 * dangling reference missed, wrongly. That risk is accepted (README).
 */

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
  size = 0;

  has(value: string): boolean {
    const [h1, h2] = hash(value);
    return this.find(h1, h2) >= 0;
  }

  /** Adds the value; false when it was already there. */
  add(value: string): boolean {
    const [h1, h2] = hash(value);
    if (this.find(h1, h2) >= 0) return false;
    // Up to three quarters full: linear probing stays short with a well-mixed hash, and at a million
    // IDs the table is half the size a half-full limit needs (16 instead of 32 MB on a 1 GB message).
    if ((this.size + 1) * 4 > (this.mask + 1) * 3) this.grow();
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

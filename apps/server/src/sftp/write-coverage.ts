/**
 * Which bytes of a file one SFTP handle has written, so that the inbox never holds more than a
 * client really sent. Clients write out of order (many requests in flight), so a file briefly has
 * unwritten stretches ("holes") below its highest written byte; a positional write far past the end
 * would make the file system record gigabytes of holes for one byte, and the batch's zip would then
 * store them in full. The session refuses a write that would leave more than its window unwritten,
 * and a handle closed with holes left is not a whole file. Bytes the file held when opened count as
 * written (a resume appends at the end).
 */

/** Stretches kept apart at most: far beyond what clients keep in flight (OpenSSH: 64). */
export const MAX_PIECES = 1024;

export class WrittenRanges {
  /** Every byte below this one was written (or was in the file when it was opened). */
  private whole: number;
  /** Written stretches above `whole`, [start, end), sorted, neither overlapping nor touching. */
  private ahead: [number, number][] = [];
  /** Sum of the lengths of `ahead`. */
  private aheadBytes = 0;

  constructor(sizeAtOpen: number) {
    this.whole = sizeAtOpen;
  }

  /** The first byte not written yet: what the file may be cut back to, a valid prefix. */
  get wholeUpTo(): number {
    return this.whole;
  }

  /** One past the highest byte written. */
  get end(): number {
    return this.ahead.length ? this.ahead[this.ahead.length - 1][1] : this.whole;
  }

  /** Bytes below `end` that were never written. */
  get holes(): number {
    return this.end - this.whole - this.aheadBytes;
  }

  /** Stretches written ahead of `wholeUpTo`, apart from each other. */
  get pieces(): number {
    return this.ahead.length;
  }

  /** Records a write of [start, end). */
  add(start: number, end: number): void {
    if (end <= this.whole || end <= start) return;
    if (start <= this.whole) {
      // The usual case: the next bytes in order, which may join stretches written ahead.
      this.whole = end;
      while (this.ahead.length && this.ahead[0][0] <= this.whole) {
        const [s, e] = this.ahead.shift()!;
        this.aheadBytes -= e - s;
        this.whole = Math.max(this.whole, e);
      }
      return;
    }
    // Ahead of the whole part: merged with every stretch it overlaps or touches.
    let first = 0;
    while (first < this.ahead.length && this.ahead[first][1] < start) first++;
    let last = first;
    let from = start;
    let to = end;
    while (last < this.ahead.length && this.ahead[last][0] <= end) {
      from = Math.min(from, this.ahead[last][0]);
      to = Math.max(to, this.ahead[last][1]);
      this.aheadBytes -= this.ahead[last][1] - this.ahead[last][0];
      last++;
    }
    this.ahead.splice(first, last - first, [from, to]);
    this.aheadBytes += to - from;
  }
}

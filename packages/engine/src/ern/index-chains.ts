/**
 * Pieces both of a message's indexes use (map-index.ts, typed-index.ts): chains of record numbers
 * in typed arrays, record numbers by name, and the resources a release uses.
 */
import type { Release } from './model.js';

/**
 * Chains of record numbers in typed arrays, each known by its last link (-1: empty), handed out in
 * the order added. Numbers come in ascending order (records are added in list order), so a repeat
 * can only be the last one added.
 */
export class Chains {
  private next = new Int32Array(1024);
  private value = new Int32Array(1024);
  private count = 0;

  /** Adds `n` to the chain ending at `last`; returns its new last link. */
  add(last: number, n: number): number {
    if (last !== -1 && this.value[last] === n) return last;
    if (this.count === this.next.length) {
      const grown = this.count * 2;
      const next = new Int32Array(grown);
      next.set(this.next);
      this.next = next;
      const value = new Int32Array(grown);
      value.set(this.value);
      this.value = value;
    }
    const at = this.count++;
    this.value[at] = n;
    this.next[at] = last;
    return at;
  }

  /** Whether the chain ending at `last` has two links or more. */
  many(last: number): boolean {
    return last !== -1 && this.next[last] !== -1;
  }

  list(last: number): number[] {
    const out: number[] = [];
    for (let at = last; at !== -1; at = this.next[at]) out.push(this.value[at]);
    return out.reverse();
  }
}

/** Record numbers by reference: a chain each, instead of an array per reference (most hold one or two numbers, and an array takes 17 slots at its first push). */
export class NumbersByName {
  private readonly last = new Map<string, number>();
  private readonly chains = new Chains();

  add(key: string, n: number): void {
    this.last.set(key, this.chains.add(this.last.get(key) ?? -1, n));
  }

  get(key: string): number[] {
    return this.chains.list(this.last.get(key) ?? -1);
  }

  /** The names added so far. */
  names(): IterableIterator<string> {
    return this.last.keys();
  }

  /** The numbers of every name that has two or more, in one list, ascending and without repeats. */
  shared(): number[] {
    const out: number[] = [];
    for (const last of this.last.values()) if (this.chains.many(last)) for (const n of this.chains.list(last)) out.push(n);
    return ascendingOnce(out);
  }
}

/** `numbers` sorted ascending, each once. */
export function ascendingOnce(numbers: number[]): number[] {
  if (numbers.length < 2) return numbers;
  const sorted = Int32Array.from(numbers).sort();
  const out = [sorted[0]];
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[i - 1]) out.push(sorted[i]);
  return out;
}

/** Calls `use(ref)` for every resource release `r` uses: its resource list, its tracks and what they link, its linked resources. */
export function eachResourceUsed(r: Release, use: (ref: string) => void): void {
  const refs = r.resourceReferences;
  for (let j = 0; j < refs.length; j++) use(refs[j].value);
  for (const t of r.tracks) {
    use(t.resourceReference.value);
    for (let k = 0; k < t.linked.length; k++) use(t.linked[k]);
  }
  const linked = r.linkedResourceReferences;
  if (linked) for (let j = 0; j < linked.length; j++) use(linked[j].value);
}

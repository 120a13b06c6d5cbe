/**
 * What one reading of a release's track list tells the rules at message end (`MessageIndex.trackFacts`):
 * each track's resource number, SequenceNumber and group, and whether any track links resources.
 * An album of a catalog message holds hundreds of thousands of tracks, kept as bytes; the rules
 * that ask about it read these numbers instead of decoding the list each.
 */
import type { Release } from './model.js';

/** Track lists from which `trackFacts` remembers its answer. */
export const REMEMBERED_TRACKS = 64;

/** `TrackFacts.sequences` of a track without a SequenceNumber. */
export const NO_SEQUENCE = -0x80000000;

/** A track list read once: each track's resource number, SequenceNumber and group, in order. */
export interface TrackFacts {
  /** `resourceNumber` of each track's resource (-1: none). */
  numbers: Int32Array;
  /** Whether any track names linked resources. */
  linked: boolean;
  /** Each track's SequenceNumber (NO_SEQUENCE: none); null when one is not a 32-bit integer, for the caller to read the list. */
  sequences: Int32Array | null;
  /** Each track's group path (`TrackEntry.groupPath`), as its place in `groupPaths`. */
  groups: Int32Array;
  /** The distinct group paths, in order of first use. */
  groupPaths: (readonly number[])[];
}

/**
 * `MessageIndex.trackFacts` over `resourceNumber`. Six rules and the report walk an album's track
 * list at message end, and each lookup hashes the reference and, in a message kept as bytes,
 * confirms it in the resource's bytes: a long list is read and its facts worked out once. Only a
 * list that is the same object at each read is remembered: a long one kept as bytes
 * (`StoredList`), or one of a release kept as an object (a release kept as bytes decodes a short
 * list anew at each read).
 */
export function trackFacts(resourceNumber: (ref: string) => number): (release: Release, found?: boolean) => TrackFacts {
  const remembered = new WeakMap<object, TrackFacts>();
  /** `found`: remember the answer only when every track's resource is found (asked before the message ends, when one may still come). */
  const of = (release: Release, found = false): TrackFacts => {
    const tracks = release.tracks;
    const known = remembered.get(tracks);
    if (known && known.numbers.length === tracks.length) return known;
    const numbers = new Int32Array(tracks.length);
    let sequences: Int32Array | null = new Int32Array(tracks.length);
    const groups = new Int32Array(tracks.length);
    const groupPaths: (readonly number[])[] = [];
    const groupOf = new Map<string, number>();
    let lastPath: readonly number[] = [];
    let lastGroup = -1;
    let linked = false;
    let missing = false;
    let at = 0;
    for (const t of tracks) {
      const n = (numbers[at] = resourceNumber(t.resourceReference.value));
      if (n < 0) missing = true;
      if (t.linked.length > 0) linked = true;
      const sequence = t.sequence;
      if (sequence === null) sequences![at] = NO_SEQUENCE;
      else if (sequences !== null && (sequence | 0) === sequence && sequence !== NO_SEQUENCE) sequences[at] = sequence;
      else sequences = null;
      // Tracks of one group follow each other: the path is compared with the last one before it is looked up.
      const path = t.groupPath;
      if (lastGroup < 0 || !samePath(path, lastPath)) {
        const key = path.join(',');
        let group = groupOf.get(key);
        if (group === undefined) groupOf.set(key, (group = groupPaths.push(path) - 1));
        lastGroup = group;
        lastPath = path;
      }
      groups[at++] = lastGroup;
    }
    const facts: TrackFacts = { numbers, linked, sequences, groups, groupPaths };
    if (tracks.length >= REMEMBERED_TRACKS && (!Array.isArray(tracks) || Object.getPrototypeOf(release) === Object.prototype) && !(found && missing)) remembered.set(tracks, facts);
    return facts;
  };
  return of;
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Distinct numbers met per group (a disc's track numbers): those from 1 to the group's size in one
 * byte array for every group, the others (0, negative, beyond the size) in a Set of their group.
 * An album of a catalog message numbers hundreds of thousands of tracks, which a Set per disc
 * held in about 40 bytes each, for a moment at message end: the run's peak of memory.
 */
export class NumbersPerGroup {
  private readonly start: Int32Array;
  private readonly seen: Uint8Array;
  private readonly distinct: Int32Array;
  private readonly others = new Map<number, Set<number>>();

  /** `sizes`: per group, how many numbers it may get (its tracks). */
  constructor(sizes: ArrayLike<number>) {
    this.start = new Int32Array(sizes.length + 1);
    for (let g = 0; g < sizes.length; g++) this.start[g + 1] = this.start[g] + sizes[g];
    this.seen = new Uint8Array(this.start[sizes.length]);
    this.distinct = new Int32Array(sizes.length);
  }

  /** Notes `n` in `group`; false when the group had it already. */
  add(group: number, n: number): boolean {
    const from = this.start[group];
    if (n >= 1 && n <= this.start[group + 1] - from) {
      if (this.seen[from + n - 1] === 1) return false;
      this.seen[from + n - 1] = 1;
    } else {
      let set = this.others.get(group);
      if (set === undefined) this.others.set(group, (set = new Set()));
      if (set.has(n)) return false;
      set.add(n);
    }
    this.distinct[group]++;
    return true;
  }

  /** Distinct numbers of `group`. */
  count(group: number): number {
    return this.distinct[group];
  }
}

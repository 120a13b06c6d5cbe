/**
 * Lookups over a finished model for cross-reference rules: releases, resources and parties by
 * their local anchor, the releases that use a resource (resource list, track list, linked
 * references), and the deals that name a release. Built once per message, in O(size of model).
 *
 * Two ways, by size. Up to `TYPED_FROM` records, maps of anchors to records: the fastest to build
 * and ask. From there, typed arrays: a hash table of record numbers per list (anchor-table.ts:
 * probes compare the record's own anchor) and, for the two one-to-many lookups, linked lists of
 * record numbers. The maps take about 700 bytes per track release (a string and a map entry per
 * anchor, an array per resource and per release), the typed arrays about 40, which matters at a
 * million records.
 * `index-of-message.test.ts` asks both the same questions.
 *
 * Either is filled as the records close, while the message streams, when the ERN reader asks
 * (reader.ts: maps for a model kept as objects, typed arrays for one kept as bytes, from each
 * record before it is written as bytes); the rules at message end then find it built.
 */
import type { Deal, ErnMessage, Party, Records, Reference, Release, Resource } from './model.js';
import { kindAt } from './record-list.js';
import { AnchorTable } from './anchor-table.js';
import { REMEMBERED_TRACKS, trackFacts, type TrackFacts } from './track-facts.js';

export interface MessageIndex {
  release(ref: string): Release | undefined;
  resource(ref: string): Resource | undefined;
  /** The number in `resources` of the resource `resource(ref)` gives, or -1: resources that share a reference share it. */
  resourceNumber(ref: string): number;
  /** The resource numbered `n` in `resources` (as `resourceNumber` gives), undefined for -1. */
  resourceAt(n: number): Resource | undefined;
  /** `resourceAt(n)?.kind`, without a view of a resource kept as bytes. */
  resourceKindAt(n: number): Resource['kind'] | undefined;
  /**
   * What one reading of `release`'s track list tells (track-facts.ts): each track's resource number
   * (-1 where the reference resolves to none), SequenceNumber and group, and whether any track
   * links resources. Remembered for a long list that is the same object at each read.
   */
  trackFacts(release: Release): TrackFacts;
  party(ref: string): Party | undefined;
  releasesOfResource(ref: string): Release[];
  /** The numbers in `releases` of `releasesOfResource(ref)`, ascending (no record read: a rule asking only whether a resource is used). */
  releaseNumbersOfResource(ref: string): number[];
  /**
   * True when a release names resource `n` (its number in `resources`) and the index tells so by
   * the number alone, with no record read (a typed index: the resource is the first with its
   * reference and a release named it after it came). False does not mean unused: then ask
   * `releaseNumbersOfResource` with its reference.
   */
  resourceKnownUsed(n: number): boolean;
  /** As `resourceKnownUsed`, for a deal naming release `n` (its number in `releases`); false: ask `dealNumbersOfRelease`. */
  releaseKnownInDeal(n: number): boolean;
  dealsOfRelease(ref: string): Deal[];
  /** The numbers in `deals` of `dealsOfRelease(ref)`, ascending. */
  dealNumbersOfRelease(ref: string): number[];
  /**
   * The numbers in `deals`, ascending, of the deals that name a release another deal names too
   * (`dealNumbersOfRelease` of one of its references has two numbers or more), with no record
   * read: a rule comparing the deals of each release reads only these (none, when each release
   * has a deal of its own).
   */
  dealsSharingRelease(): number[];
  /** The numbers in `resources`, ascending, of the resources whose reference an earlier resource has (`resourceNumber` of it is that one's): none in most messages. */
  shadowedResources(): number[];
}

/** Indexes built so far, per model: many rules ask at message end, the index is built once. */
const built = new WeakMap<ErnMessage, MessageIndex>();

/** Records (releases, resources, deals, parties) from which the index is kept in typed arrays. */
export const TYPED_FROM = 200_000;

/** The index of a finished model (memoized: call it freely from every rule's `Message:exit`). */
export function indexMessage(m: ErnMessage, typed = m.releases.length + m.resources.length + m.deals.length + m.parties.length >= TYPED_FROM): MessageIndex {
  let index = built.get(m);
  if (!index) built.set(m, (index = typed ? buildTypedIndex(m) : buildMapIndex(m)));
  return index;
}

/** Lets go of the index of `m` (the report is done with it; at 1 GB the index is about 25 MB); a later `indexMessage` builds it again. */
export function forgetIndex(m: ErnMessage): void {
  built.delete(m);
}

/**
 * Chains of record numbers in typed arrays, each known by its last link (-1: empty), handed out in
 * the order added. Numbers come in ascending order (records are added in list order), so a repeat
 * can only be the last one added.
 */
class Chains {
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
class NumbersByName {
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
function ascendingOnce(numbers: number[]): number[] {
  if (numbers.length < 2) return numbers;
  const sorted = Int32Array.from(numbers).sort();
  const out = [sorted[0]];
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[i - 1]) out.push(sorted[i]);
  return out;
}

/**
 * The index as maps, filled record by record: `buildMapIndex` fills it at once, and the ERN reader
 * as each record closes (reader.ts), while the record is fresh in the processor's caches and the
 * pass's thread waits for the parse thread anyway; the rules at message end then find it built.
 * Records are added in list order, so both ways give the same answers.
 */
export class MapIndexBuilder {
  private readonly releases = new Map<string, Release>();
  private readonly resources = new Map<string, number>();
  private readonly parties = new Map<string, Party>();
  // Record numbers: a list kept as bytes makes a new view at each read.
  private readonly byResource = new NumbersByName();
  private readonly byRelease = new NumbersByName();
  /** Resources whose reference an earlier one has. */
  private readonly shadowed: number[] = [];
  /** How far each list is indexed. */
  private releasesDone = 0;
  private resourcesDone = 0;
  private partiesDone = 0;
  private dealsDone = 0;

  constructor(private readonly m: ErnMessage) {}

  /** Indexes the records added to the message's lists since the last call. The first anchor wins, as in AnchorTable. */
  add(): void {
    // Indexed loops: for-of allocates an iterator result per element here.
    const m = this.m;
    const rs = m.releases;
    for (let i = this.releasesDone; i < rs.length; i++) {
      const r = rs.at(i)!;
      const ref = r.reference?.value;
      if (ref && !this.releases.has(ref)) this.releases.set(ref, r);
      eachResourceUsed(r, (ref) => this.byResource.add(ref, i));
    }
    this.releasesDone = rs.length;
    const res = m.resources;
    for (let i = this.resourcesDone; i < res.length; i++) {
      const ref = res.at(i)!.reference?.value;
      if (!ref) continue;
      if (!this.resources.has(ref)) this.resources.set(ref, i);
      else this.shadowed.push(i);
    }
    this.resourcesDone = res.length;
    const ps = m.parties;
    for (let i = this.partiesDone; i < ps.length; i++) {
      const p = ps.at(i)!;
      const ref = p.reference.value;
      if (ref && !this.parties.has(ref)) this.parties.set(ref, p);
    }
    this.partiesDone = ps.length;
    const ds = m.deals;
    for (let i = this.dealsDone; i < ds.length; i++) {
      const refs = ds.at(i)!.releaseReferences;
      for (let j = 0; j < refs.length; j++) this.byRelease.add(refs[j].value, i);
    }
    this.dealsDone = ds.length;
  }

  /** Whether a record indexed so far declares the anchor a reference of `target` names (references of other kinds are not checked: true). */
  resolves(target: Reference['target'], value: string): boolean {
    if (target === 'release') return this.releases.has(value);
    if (target === 'resource') return this.resources.has(value);
    if (target === 'party') return this.parties.has(value);
    return true;
  }

  index(): MessageIndex {
    this.add();
    const { m, releases, resources, parties, byResource, byRelease } = this;
    const rs = m.releases;
    const res = m.resources;
    return {
      release: (ref) => releases.get(ref),
      resource: (ref) => {
        const i = resources.get(ref);
        return i === undefined ? undefined : res.at(i)!;
      },
      resourceNumber: (ref) => resources.get(ref) ?? -1,
      resourceAt: (n) => (n < 0 ? undefined : res.at(n)),
      resourceKindAt: (n) => (n < 0 ? undefined : (kindAt(res, n) as Resource['kind'] | undefined)),
      trackFacts: trackFacts((ref) => resources.get(ref) ?? -1),
      party: (ref) => parties.get(ref),
      releasesOfResource: (ref) => byResource.get(ref).map((i) => rs.at(i)!),
      releaseNumbersOfResource: (ref) => byResource.get(ref),
      resourceKnownUsed: () => false,
      releaseKnownInDeal: () => false,
      dealsOfRelease: (ref) => byRelease.get(ref).map((i) => m.deals.at(i)!),
      dealNumbersOfRelease: (ref) => byRelease.get(ref),
      dealsSharingRelease: () => byRelease.shared(),
      shadowedResources: () => this.shadowed.slice(),
    };
  }
}

function buildMapIndex(m: ErnMessage): MessageIndex {
  return new MapIndexBuilder(m).index();
}

/**
 * The index of `m` filled by `builder` while it streamed, for `indexMessage` to hand out, unless
 * the message is large enough for the typed index (then the maps are let go, and built typed when asked).
 */
export function adoptIndex(m: ErnMessage, builder: MapIndexBuilder | TypedIndexBuilder): void {
  if (built.has(m)) return;
  if (builder instanceof MapIndexBuilder && m.releases.length + m.resources.length + m.deals.length + m.parties.length >= TYPED_FROM) return;
  built.set(m, builder.index());
}

/** Calls `use(ref)` for every resource release `r` uses: its resource list, its tracks and what they link, its linked resources. */
function eachResourceUsed(r: Release, use: (ref: string) => void): void {
  const refs = r.resourceReferences;
  for (let j = 0; j < refs.length; j++) use(refs[j].value);
  for (const t of r.tracks) {
    use(t.resourceReference.value);
    for (let k = 0; k < t.linked.length; k++) use(t.linked[k]);
  }
  const linked = r.linkedResourceReferences;
  if (linked) for (let j = 0; j < linked.length; j++) use(linked[j].value);
}

/**
 * Many values per key: keys are record numbers of an AnchorTable (anchors without a record go to a
 * small map), values are record numbers of another list, without repeats. A key's values are
 * linked newest first and handed out in the order added.
 */
class Links<K, T> {
  private last: Int32Array;
  private readonly chains = new Chains();
  private readonly loose = new NumbersByName();

  /**
   * Filled as records close, a value may come before its key's record (a release before the
   * resource it uses, in a message out of the schema's order): it goes to the loose ones then, and
   * `numbers` puts those first.
   */
  constructor(
    keys: number,
    private readonly table: AnchorTable<K>,
    private readonly values: Records<T>,
  ) {
    this.last = new Int32Array(Math.max(keys, 16)).fill(-1);
  }

  add(ref: string, value: number): void {
    const key = this.table.find(ref);
    if (key === -1) this.loose.add(ref, value);
    else this.addKeyed(key, value);
  }

  /** `add` for the key record numbered `key` (its anchor found already). */
  addKeyed(key: number, value: number): void {
    if (key >= this.last.length) {
      const grown = new Int32Array(Math.max(key + 1, Math.ceil(this.last.length * 1.5))).fill(-1);
      grown.set(this.last);
      this.last = grown;
    }
    this.last[key] = this.chains.add(this.last[key], value);
  }

  get(ref: string): T[] {
    return this.numbers(ref).map((i) => this.values.at(i)!);
  }

  /** Whether the key record numbered `key` has values linked by number (values kept aside for its anchor are not counted). */
  hasKeyed(key: number): boolean {
    return key >= 0 && key < this.last.length && this.last[key] !== -1;
  }

  /** The values of every key that has two or more (`numbers`), in one list, ascending and without repeats. */
  shared(): number[] {
    const out: number[] = [];
    const { last, chains } = this;
    for (let key = 0; key < last.length; key++) if (chains.many(last[key])) for (const n of chains.list(last[key])) out.push(n);
    // A key's values added before its record came are kept by its anchor: counted with its keyed ones.
    for (const ref of this.loose.names()) {
      const numbers = this.numbers(ref);
      if (numbers.length > 1) for (const n of numbers) out.push(n);
    }
    return ascendingOnce(out);
  }

  /** The numbers of `get(ref)`'s values, in the order added. */
  numbers(ref: string): number[] {
    const key = this.table.find(ref);
    if (key === -1) return this.loose.get(ref);
    const keyed = key < this.last.length ? this.chains.list(this.last[key]) : [];
    // Values added before the key's record came: in list order, so before every keyed one (a repeat only where they meet).
    const before = this.loose.get(ref);
    if (before.length === 0) return keyed;
    return before.concat(keyed[0] === before[before.length - 1] ? keyed.slice(1) : keyed);
  }
}

/**
 * The typed index, filled as records close (a model kept as bytes: each record is indexed from its
 * objects before it is written, rather than read back from the bytes at message end, about 3 s of
 * a 1 GB message's rules) or at once over a finished model (`buildTypedIndex`). The tables grow as
 * they fill. Anchors of each new batch of records go in before their links; a link to an anchor
 * still to come is kept aside (see `Links`), so the answers are the same whatever the order of the
 * lists.
 */
export class TypedIndexBuilder {
  private readonly releases: AnchorTable<Release>;
  private readonly resources: AnchorTable<Resource>;
  private readonly parties: AnchorTable<Party>;
  private readonly byResource: Links<Resource, Release>;
  private readonly byRelease: Links<Release, Deal>;
  /** How far each list's anchors are indexed (the tables index the records already there), and how far the releases' and deals' links. */
  private releasesDone: number;
  private resourcesDone: number;
  private partiesDone: number;
  private linkedReleases = 0;
  private linkedDeals = 0;
  /** The track lists' facts for the rules (`MessageIndex.trackFacts`): a long list kept as bytes is read for them as its release closes (`linkRelease`). */
  private readonly facts = trackFacts((ref) => this.resources.find(ref));

  constructor(private readonly m: ErnMessage) {
    this.releases = new AnchorTable(m.releases, (r) => r.reference?.value ?? null, 'reference');
    this.resources = new AnchorTable(m.resources, (r) => r.reference?.value ?? null, 'reference');
    this.parties = new AnchorTable(m.parties, (p) => p.reference.value || null);
    this.releasesDone = m.releases.length;
    this.resourcesDone = m.resources.length;
    this.partiesDone = m.parties.length;
    this.byResource = new Links(m.resources.length, this.resources, m.releases);
    this.byRelease = new Links(m.releases.length, this.releases, m.deals);
  }

  /** Indexes the records added to the message's lists since the last call (before they are sealed: still objects). */
  add(): void {
    const m = this.m;
    const rs = m.releases;
    const ds = m.deals;
    for (let i = this.resourcesDone; i < m.resources.length; i++) this.resources.add(i);
    for (let i = this.partiesDone; i < m.parties.length; i++) this.parties.add(i);
    for (let i = this.releasesDone; i < rs.length; i++) this.releases.add(i);
    this.resourcesDone = m.resources.length;
    this.partiesDone = m.parties.length;
    this.releasesDone = rs.length;
    for (let i = this.linkedReleases; i < rs.length; i++) this.linkRelease(rs.at(i)!, i);
    this.linkedReleases = rs.length;
    for (let i = this.linkedDeals; i < ds.length; i++) {
      const refs = ds.at(i)!.releaseReferences;
      for (let j = 0; j < refs.length; j++) this.byRelease.add(refs[j].value, i);
    }
    this.linkedDeals = ds.length;
  }

  /**
   * Links release number `i` to the resources it uses. A long track list kept as bytes (an album of
   * a catalog) is read once for the rules' track facts, which keep its resources' numbers when every
   * one is found already (a number found never changes), and it is linked by them: the rules at
   * message end then neither read the list again nor look its references up (at 104 MB, 41,463
   * tracks: about 30 ms). Otherwise each reference is linked as it is named.
   */
  private linkRelease(r: Release, i: number): void {
    if (r.tracks.length >= REMEMBERED_TRACKS && !Array.isArray(r.tracks)) {
      const { numbers, linked } = this.facts(r, true);
      if (!linked && numbers.every((n) => n >= 0)) {
        const refs = r.resourceReferences;
        for (let j = 0; j < refs.length; j++) this.byResource.add(refs[j].value, i);
        for (let k = 0; k < numbers.length; k++) this.byResource.addKeyed(numbers[k], i);
        const more = r.linkedResourceReferences;
        if (more) for (let j = 0; j < more.length; j++) this.byResource.add(more[j].value, i);
        return;
      }
    }
    eachResourceUsed(r, (ref) => this.byResource.add(ref, i));
  }

  /** Whether a record indexed so far declares the anchor a reference of `target` names (references of other kinds are not checked: true). */
  resolves(target: Reference['target'], value: string): boolean {
    if (target === 'release') return this.releases.find(value) !== -1;
    if (target === 'resource') return this.resources.find(value) !== -1;
    if (target === 'party') return this.parties.find(value) !== -1;
    return true;
  }

  index(): MessageIndex {
    this.add();
    const { m, releases, resources, parties, byResource, byRelease } = this;
    return {
      release: (ref) => releases.get(ref),
      resource: (ref) => resources.get(ref),
      resourceNumber: (ref) => resources.find(ref),
      resourceAt: (n) => (n < 0 ? undefined : m.resources.at(n)),
      resourceKindAt: (n) => (n < 0 ? undefined : (kindAt(m.resources, n) as Resource['kind'] | undefined)),
      trackFacts: this.facts,
      party: (ref) => parties.get(ref),
      releasesOfResource: (ref) => byResource.get(ref),
      releaseNumbersOfResource: (ref) => byResource.numbers(ref),
      resourceKnownUsed: (n) => byResource.hasKeyed(n),
      releaseKnownInDeal: (n) => byRelease.hasKeyed(n),
      dealsOfRelease: (ref) => byRelease.get(ref),
      dealNumbersOfRelease: (ref) => byRelease.numbers(ref),
      dealsSharingRelease: () => byRelease.shared(),
      shadowedResources: () => resources.shadowed.slice(),
    };
  }
}

function buildTypedIndex(m: ErnMessage): MessageIndex {
  return new TypedIndexBuilder(m).index();
}

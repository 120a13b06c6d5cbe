/**
 * The message index in typed arrays (index-of-message.ts uses it from `TYPED_FROM` records): a hash
 * table of record numbers per list (anchor-table.ts) and linked lists of record numbers for the
 * one-to-many lookups, about 40 bytes per track release.
 */
import type { Deal, ErnMessage, Party, Records, Reference, Release, Resource } from './model.js';
import { kindAt } from './record-list.js';
import { AnchorTable } from './anchor-table.js';
import { REMEMBERED_TRACKS, trackFacts } from './track-facts.js';
import type { MessageIndex } from './message-index.js';
import { Chains, NumbersByName, ascendingOnce, eachResourceUsed } from './index-chains.js';

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

export function buildTypedIndex(m: ErnMessage): MessageIndex {
  return new TypedIndexBuilder(m).index();
}

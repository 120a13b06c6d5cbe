/**
 * What a message's index answers (index-of-message.ts builds it, as maps or typed arrays): the
 * lookups of the cross-reference rules by anchor, and the one-to-many links between resources,
 * releases and deals.
 */
import type { Deal, Party, Release, Resource } from './model.js';
import type { TrackFacts } from './track-facts.js';

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

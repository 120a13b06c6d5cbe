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
 * `index-of-message.test.ts` asks both the same questions. The interface is message-index.ts, the
 * two implementations map-index.ts and typed-index.ts; this module picks one and memoizes it.
 *
 * Either is filled as the records close, while the message streams, when the ERN reader asks
 * (reader.ts: maps for a model kept as objects, typed arrays for one kept as bytes, from each
 * record before it is written as bytes); the rules at message end then find it built.
 */
import type { ErnMessage } from './model.js';
import type { MessageIndex } from './message-index.js';
import { MapIndexBuilder, buildMapIndex } from './map-index.js';
import { TypedIndexBuilder, buildTypedIndex } from './typed-index.js';

export type { MessageIndex } from './message-index.js';
export { MapIndexBuilder } from './map-index.js';
export { TypedIndexBuilder } from './typed-index.js';

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
 * The index of `m` filled by `builder` while it streamed, for `indexMessage` to hand out, unless
 * the message is large enough for the typed index (then the maps are let go, and built typed when asked).
 */
export function adoptIndex(m: ErnMessage, builder: MapIndexBuilder | TypedIndexBuilder): void {
  if (built.has(m)) return;
  if (builder instanceof MapIndexBuilder && m.releases.length + m.resources.length + m.deals.length + m.parties.length >= TYPED_FROM) return;
  built.set(m, builder.index());
}

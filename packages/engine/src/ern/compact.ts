/**
 * Trims the arrays of a finished model record to their length. V8 gives an array its first
 * backing store of 17 slots on the first push, and the records are full of lists holding one or
 * two values (titles, artists, roles, files): trimmed, a track release's model takes about a
 * third less memory, and the garbage collector copies less of it while the pass runs.
 */
import { TableLoc } from '../xml/path-table.js';

/** The empty list of every compacted record: frozen, so that a late push fails loudly instead of filling every record's list. */
export const EMPTY: readonly never[] = Object.freeze([]);

/**
 * Lists of one string met in a message (`['TrackRelease']`, `['MainArtist']`, `['NotExplicit']`),
 * shared frozen by every record holding the same one: a message repeats them in every record. At
 * most `MAX_SHARED` are kept, so a message of unique values costs no more than before.
 */
export type SharedLists = Map<string, readonly string[]>;
const MAX_SHARED = 4096;

export function compactRecord(record: unknown, depth = 4, shared?: SharedLists): void {
  // A located value holds no list (and its location's fields are private): a track release has about ten, not walked into. A record's `loc` is a number.
  if (depth === 0 || record === null || typeof record !== 'object' || record instanceof TableLoc) return;
  const obj = record as Record<string, unknown>;
  for (const key in obj) {
    const value = obj[key];
    if (Array.isArray(value)) {
      if (value.length === 0) {
        // Most lists of a record stay empty (labels, genres, territories...): one shared, frozen empty list.
        obj[key] = EMPTY;
        continue;
      }
      if (shared && value.length === 1 && typeof value[0] === 'string') {
        const known = shared.get(value[0]);
        if (known !== undefined) obj[key] = known;
        else {
          const own = Object.freeze([value[0]]) as readonly string[];
          if (shared.size < MAX_SHARED) shared.set(value[0], own);
          obj[key] = own;
        }
        continue;
      }
      for (let i = 0; i < value.length; i++) compactRecord(value[i], depth - 1, shared);
      obj[key] = value.slice();
    } else if (value !== null && typeof value === 'object') compactRecord(value, depth - 1, shared);
  }
}

/** Compacts the records appended to `list` since `from`; returns the new length (the next `from`). */
export function compactNew(list: unknown[], from: number, shared?: SharedLists): number {
  for (let i = from; i < list.length; i++) compactRecord(list[i], 4, shared);
  return list.length;
}

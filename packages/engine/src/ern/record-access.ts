/**
 * What a view of a stored record (record-views.ts) asks of its store and of the list that made it:
 * named here so that the views, the store (record-store.ts) and the lists (record-list.ts) each
 * depend on these few calls instead of on one another.
 */

/** The store's calls a view makes: read a field, write one (the record's new address), decode all. */
export interface StoreFields {
  field(at: number, index: number): unknown;
  assign(at: number, index: number, value: unknown): number;
  decode(at: number): unknown;
}

/** The list's calls a view makes: its record moved, or its held `kind` changed. */
export interface ViewOwner {
  moved(i: number, at: number): void;
  hold(i: number, value: unknown): void;
}

/**
 * The model's locations as numbers. A record of the model keeps where its element and its parts
 * start (`loc`): as objects that was ten per track release, 415,000 on a 104 MB message, and the
 * garbage collector marked every one of them on each full collection while the pass streamed,
 * which slowed every listener, not just the collector's pauses (README, Performance). Here a
 * location is a row of four numbers in pages of typed arrays (anchored row and relative row of the
 * path table, line, column) and the model keeps the row's number, a `LocId`; the object, with its
 * path joined, is made when a finding or a report reads it (`loc`).
 *
 * Pages beyond a budget go to a temporary file like the path table's and the record store's
 * (ern/page-file.ts): a 1 GB message takes about four million locations, 64 MB of rows.
 *
 * Elements not from a pass (built by tests or feeders) have no rows in a path table: their path is
 * kept as a string, and the row's anchor is -2 - its place among those strings.
 */
import type { Loc, OpenElement } from './events.js';
import { PassElement } from './pass-events.js';
import type { PathTable } from './path-table.js';
import { Int32Pages, RESIDENT_PAGES } from '../ern/page-file.js';

declare const locIdBrand: unique symbol;
/** A location of the model: a row of its message's `LocTable`, read through `LocTable.loc`. */
export type LocId = number & { readonly [locIdBrand]: true };

/** Locations per page: a page is one Int32Array of FIELDS ints per location. */
const PAGE_BITS = 14;
/** anchored row, relative row, line, column. */
const FIELDS = 4;

/** What reads a `LocId` back: a message's table (`ErnMessage.locations`). */
export interface Locations {
  /** Line, column and path of location `id`, as a report writes them. */
  loc(id: LocId): Loc;
  line(id: LocId): number;
  /** `loc(id).path` alone. */
  path(id: LocId): string;
}

export class LocTable implements Locations {
  /** A page at a time as locations are taken (no copy when the table grows). */
  private readonly rows = new Int32Pages(PAGE_BITS, FIELDS, RESIDENT_PAGES.locs);
  /** The pass's path table, taken from the first element located. */
  private table: PathTable | null = null;
  /** Paths of elements that are not a pass's (see the file's comment). */
  private readonly paths: string[] = [];

  /** The location of `el`'s start tag, kept until the table goes. */
  add(el: OpenElement): LocId {
    let row: number;
    let rel: number;
    if (el instanceof PassElement && (this.table ??= el.locationTable()) === el.locationTable()) {
      row = el.locationRow();
      rel = el.locationRel();
    } else {
      row = -2 - this.paths.length;
      rel = -1;
      this.paths.push(el.path);
    }
    const id = this.rows.take();
    const at = this.rows.offset(id);
    const page = this.rows.tail;
    page[at] = row;
    page[at + 1] = rel;
    page[at + 2] = el.line;
    page[at + 3] = el.column;
    return id as LocId;
  }

  line(id: LocId): number {
    return this.field(id, 2);
  }

  column(id: LocId): number {
    return this.field(id, 3);
  }

  /** The anchored row of the path table (the record store writes a record's locations as differences to it). */
  row(id: LocId): number {
    return this.field(id, 0);
  }

  /** Keeps at most `keep` pages of locations (and of its path table's rows) in memory from now on: the message's rules are done. */
  shrink(keep: number): void {
    this.rows.shrink(keep);
    this.table?.shrink(keep);
  }

  path(id: LocId): string {
    const row = this.field(id, 0);
    if (row <= -2) return this.paths[-2 - row];
    return this.table!.path(row, this.field(id, 1));
  }

  loc(id: LocId): Loc {
    return { line: this.line(id), column: this.column(id), path: this.path(id) };
  }

  /** Every location, in the order taken: what a model written as JSON (tests comparing two models) shows for its `loc` numbers. */
  toJSON(): Loc[] {
    const out: Loc[] = [];
    for (let id = 0; id < this.rows.count; id++) out.push(this.loc(id as LocId));
    return out;
  }

  /** Locations taken so far (for tests and benchmarks). */
  get size(): number {
    return this.rows.count;
  }

  /** Field `k` (anchored row, relative row, line, column) of location `id`. */
  private field(id: number, k: number): number {
    if (id < 0 || id >= this.rows.count || !Number.isInteger(id)) throw new RangeError(`no location ${id} in this message`);
    return this.rows.pageOf(id)[this.rows.offset(id) + k];
  }
}

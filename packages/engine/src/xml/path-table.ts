/**
 * DDEX paths built only when read. A message of 40,000 tracks opens about two million elements and
 * the model keeps the location of about a million of them. A path is kept in two parts:
 *
 * - an anchored row for an element no deeper than a record of a list (`ANCHOR_DEPTH`: the root,
 *   `ReleaseList`, `Release[41463]`): three numbers (parent row, segment, sibling index), taken
 *   when first asked, with its ancestors';
 * - a relative row for anything deeper, the steps below its record (`/ReleaseId/ICPN`), interned:
 *   every release's ICPN shares one, so the rows grow with the kinds of places, not the elements.
 *
 * A step below a record with a high sibling index (the 414,621st `ResourceGroupContentItem` of an
 * album) would make a relative row of its own, shared by no one: such an element gets an anchored
 * row instead, whose parent is a record's row and a relative row (`addBelow`), and its children's
 * relative rows are shared again (`/SequenceNumber` under any content item).
 *
 * A location is then its anchor, its relative row, its line and column (`TableLoc`); the string is
 * joined when a finding or a report reads it. At 1 GB this is about 20 MB of rows where a row per
 * element (the table before) took about 400 MB, and beyond 8 pages (1.5 MB) they wait in a
 * temporary file (ern/page-file.ts) until a path is read.
 */
import type { Loc, Position } from './events.js';
import { Int32Pages, RESIDENT_PAGES } from '../ern/page-file.js';

/** Elements at this depth or above get rows of their own: the records of the message's lists (`/M/ReleaseList/Release`). */
export const ANCHOR_DEPTH = 3;

/** Rows per page: a page is one Int32Array of FIELDS ints per row, taken when the last one is full (never copied). */
const PAGE_BITS = 14;
/** parent row, segment, sibling index. */
const FIELDS = 3;
/** Relative rows are keyed by one number while their parts fit (2^20 rows, 2^12 segments, 2^20 siblings): 52 bits. */
const REL_LIMIT = 1 << 20;
const SEGMENT_LIMIT = 1 << 12;
const REL_CACHE_MASK = 1023;
/** A step below a record with a sibling index above this gets an anchored row (`addBelow`), not a relative row. */
export const REL_SIBLINGS = 32;
/** An anchored row below a relative row packs that row and its segment into the segment field, negative: -(1 + segment + (rel + 1) * SEGMENT_LIMIT). */
const PACKED_REL_LIMIT = (2 ** 31 - SEGMENT_LIMIT) / SEGMENT_LIMIT - 1;

export class PathTable {
  /** Pages of anchored rows, a page at a time as rows are taken (no copy when the table grows); beyond a few in memory they go to a temporary file, like the records' (ern/page-file.ts): a path is read for a finding. */
  private readonly rows = new Int32Pages(PAGE_BITS, FIELDS, RESIDENT_PAGES.rows);
  /** `/Name` by segment number. */
  private readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** Relative rows: parent relative row (-1: the anchor), segment, sibling index. */
  private rels = new Int32Array(256 * FIELDS);
  private relCount = 0;
  private readonly relKeys = new Map<number | string, number>();
  private readonly relCacheKey = new Float64Array(REL_CACHE_MASK + 1).fill(-1);
  private readonly relCacheRow = new Int32Array(REL_CACHE_MASK + 1);

  /** The number of the segment `/name`. */
  segment(name: string): number {
    let n = this.numbers.get(name);
    if (n === undefined) {
      n = this.names.length;
      this.names.push('/' + name);
      this.numbers.set(name, n);
    }
    return n;
  }

  /** An anchored row for the element `segment` (numbered by `segment()`), the `index`th of its name under the element of row `parent` (-1 for the root). */
  add(parent: number, segment: number, index: number): number {
    const rows = this.rows;
    const row = rows.take();
    const page = rows.tail;
    const at = rows.offset(row);
    page[at] = parent;
    page[at + 1] = segment;
    page[at + 2] = index;
    return row;
  }

  /**
   * An anchored row for the element `segment[index]` below the element at anchored row `row` and
   * relative row `rel` (see the file's comment); -1 when the numbers do not pack (the caller takes a
   * relative row instead).
   */
  addBelow(row: number, rel: number, segment: number, index: number): number {
    if (rel >= PACKED_REL_LIMIT || segment >= SEGMENT_LIMIT) return -1;
    return this.add(row, -(1 + segment + (rel + 1) * SEGMENT_LIMIT), index);
  }

  /** The relative row of the step `segment[index]` below the relative row `parent` (-1: right below the anchor); the same steps give the same row. */
  rel(parent: number, segment: number, index: number): number {
    const fits = parent < REL_LIMIT - 1 && segment < SEGMENT_LIMIT && index < REL_LIMIT;
    const key = fits ? ((parent + 1) * SEGMENT_LIMIT + segment) * REL_LIMIT + index : `${parent},${segment},${index}`;
    // A small cache before the map: every record repeats the same steps, and most lookups hit it.
    const slot = ((parent + 1) * 31 + segment * 7 + index) & REL_CACHE_MASK;
    if (fits && this.relCacheKey[slot] === key) return this.relCacheRow[slot];
    const known = this.relKeys.get(key);
    if (known !== undefined) {
      if (fits) {
        this.relCacheKey[slot] = key as number;
        this.relCacheRow[slot] = known;
      }
      return known;
    }
    const row = this.relCount++;
    if ((row + 1) * FIELDS > this.rels.length) {
      const grown = new Int32Array(this.rels.length * 2);
      grown.set(this.rels);
      this.rels = grown;
    }
    this.rels[row * FIELDS] = parent;
    this.rels[row * FIELDS + 1] = segment;
    this.rels[row * FIELDS + 2] = index;
    this.relKeys.set(key, row);
    return row;
  }

  /** Keeps at most `keep` pages of rows in memory from now on: the message's rules are done, a path is read only for a finding. */
  shrink(keep: number): void {
    this.rows.shrink(keep);
  }

  /** `/NewReleaseMessage/ReleaseList/Release[2]/ReleaseId/ICPN`: the anchor's steps then the relative ones, sibling indices shown from the second one. */
  path(row: number, rel = -1): string {
    const steps: string[] = [];
    this.relSteps(rel, steps);
    for (let at = row; at >= 0; ) {
      const page = this.rows.pageOf(at);
      const base = this.rows.offset(at);
      const segment = page[base + 1];
      if (segment >= 0) steps.push(this.step(segment, page[base + 2]));
      else {
        // A row below a relative row (`addBelow`): its own step, then the relative row's.
        const packed = -segment - 1;
        steps.push(this.step(packed % SEGMENT_LIMIT, page[base + 2]));
        this.relSteps(Math.floor(packed / SEGMENT_LIMIT) - 1, steps);
      }
      at = page[base];
    }
    return steps.reverse().join('');
  }

  /** The steps of relative row `rel`, last first. */
  private relSteps(rel: number, steps: string[]): void {
    for (let at = rel; at >= 0; at = this.rels[at * FIELDS]) steps.push(this.step(this.rels[at * FIELDS + 1], this.rels[at * FIELDS + 2]));
  }

  private step(segment: number, index: number): string {
    const name = this.names[segment];
    return index > 1 ? `${name}[${index}]` : name;
  }

  /** Anchored rows taken so far (for tests and benchmarks). */
  get size(): number {
    return this.rows.count;
  }

  /** Relative rows taken so far. */
  get relSize(): number {
    return this.relCount;
  }
}

/** Where an element starts: its rows in the table (read into a path when asked), line and column. */
export class TableLoc implements Position {
  // Private (#): a location has no keys of its own, so code walking a record's keys (compact.ts, spreads) passes over it.
  readonly #row: number;
  readonly #rel: number;
  readonly #line: number;
  readonly #column: number;
  readonly #table: PathTable;
  constructor(row: number, rel: number, line: number, column: number, table: PathTable) {
    this.#row = row;
    this.#rel = rel;
    this.#line = line;
    this.#column = column;
    this.#table = table;
  }

  get line(): number {
    return this.#line;
  }

  get column(): number {
    return this.#column;
  }

  get path(): string {
    return this.#table.path(this.#row, this.#rel);
  }

  /** The anchored row (record stores keep the numbers, not the object). */
  get row(): number {
    return this.#row;
  }

  get rel(): number {
    return this.#rel;
  }

  get table(): PathTable {
    return this.#table;
  }

  /** Plain data (a report or a log gets the path, not the table). */
  toJSON(): Loc {
    return { line: this.line, column: this.column, path: this.path };
  }
}

/** A value read from an element, located like `TableLoc`. */
export class TableLocated<T = string> extends TableLoc {
  constructor(
    readonly value: T,
    row: number,
    rel: number,
    line: number,
    column: number,
    table: PathTable,
  ) {
    super(row, rel, line, column, table);
  }

  override toJSON(): Loc & { value: T } {
    return { value: this.value, ...super.toJSON() };
  }
}

/**
 * DDEX paths built only when read. A message of 40,000 tracks opens about two million elements and
 * the model keeps the location of about a million of them; building every path as it opened (a
 * string joined to its parent's) made a third of the model's objects, all of them copied by the
 * garbage collector. Here an element asked for its location takes a row of three numbers (parent
 * row, segment, sibling index), its ancestors too if they have none yet, and the string is joined
 * from the rows when a finding or a report reads it. The row holds the element's line and column
 * too, so that a location kept by the model is one small object (its row and the table) whose
 * line, column and path are read from the table: about 23 of them per track release.
 */
import type { Loc, Position } from './events.js';

/** Rows per page: a page is one Int32Array of FIELDS ints per row, taken when the last one is full (never copied). */
const PAGE_BITS = 14;
const PAGE_ROWS = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_ROWS - 1;
/** parent row, segment, sibling index, line, column. */
const FIELDS = 5;

export class PathTable {
  private readonly pages: Int32Array[] = [];
  private count = 0;
  /** `/Name` by segment number. */
  private readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();

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

  /** A row for the element `segment` (numbered by `segment()`), the `index`th of its name under the element of row `parent` (-1 for the root), starting at `line`:`column`. */
  add(parent: number, segment: number, index: number, line = 0, column = 0): number {
    const row = this.count++;
    const slot = row & PAGE_MASK;
    // A page at a time, as rows are taken: no copy when the table grows, and at most one page unused.
    if (slot === 0) this.pages.push(new Int32Array(PAGE_ROWS * FIELDS));
    const page = this.pages[row >>> PAGE_BITS];
    const at = slot * FIELDS;
    page[at] = parent;
    page[at + 1] = segment;
    page[at + 2] = index;
    page[at + 3] = line;
    page[at + 4] = column;
    return row;
  }

  /** The line where the element of `row` starts. */
  line(row: number): number {
    return this.pages[row >>> PAGE_BITS][(row & PAGE_MASK) * FIELDS + 3];
  }

  /** The column where the element of `row` starts. */
  column(row: number): number {
    return this.pages[row >>> PAGE_BITS][(row & PAGE_MASK) * FIELDS + 4];
  }

  /** `/NewReleaseMessage/ReleaseList/Release[2]/ReleaseId/ICPN`: sibling indices shown from the second one. */
  path(row: number): string {
    const steps: string[] = [];
    for (let at = row; at >= 0; ) {
      const page = this.pages[at >>> PAGE_BITS];
      const base = (at & PAGE_MASK) * FIELDS;
      const index = page[base + 2];
      const name = this.names[page[base + 1]];
      steps.push(index > 1 ? `${name}[${index}]` : name);
      at = page[base];
    }
    return steps.reverse().join('');
  }

  /** Rows taken so far (for tests and benchmarks). */
  get size(): number {
    return this.count;
  }
}

/** Where an element starts: its row in the table, whose line, column and path are read when asked. */
export class TableLoc implements Position {
  readonly #row: number;
  readonly #table: PathTable;
  constructor(row: number, table: PathTable) {
    this.#row = row;
    this.#table = table;
  }

  get line(): number {
    return this.#table.line(this.#row);
  }

  get column(): number {
    return this.#table.column(this.#row);
  }

  get path(): string {
    return this.#table.path(this.#row);
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
    table: PathTable,
  ) {
    super(row, table);
  }

  override toJSON(): Loc & { value: T } {
    return { value: this.value, ...super.toJSON() };
  }
}

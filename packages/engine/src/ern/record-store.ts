/**
 * The model's records kept as bytes. A release, a resource, a deal or a party is built by its
 * reader as plain objects while its element is open; when the element closes, the record is
 * written into the message's store (pages of bytes, outside the JavaScript heap); its list keeps its
 * address (record-list.ts) and makes a view when a rule reads it: an object whose getters read a
 * field back from the bytes. A track release's three records (release, recording, deal) with
 * their 23 locations took about 4 KB of objects that the garbage collector copied and marked for
 * the whole pass; as bytes they take about 400, and the collector never sees them. Beyond a few
 * pages in memory, the pages go to a temporary file and come back when read (page-file.ts).
 *
 * The encoding is a small tagged format of our own (like MessagePack, but knowing the model's
 * locations and repeated values):
 * - strings: a value seen before in the same field (`MainArtist`, `Hz`, a label's P-line) is one
 *   number into the store's string list, while the field has met at most `SLOT_STRINGS` distinct
 *   values; a field of unique values (titles, ISRCs, references) writes them in place;
 * - locations: the record's anchored row and line (its `loc`, a number of the message's
 *   location table, xml/loc-table.ts, written as a number) are written once, each located value
 *   as the difference to them, its relative row and column (about 5 bytes where an object took 64);
 * - objects: a shape number (their keys, listed once) and the values in order; arrays and objects
 *   carry their byte length, so that a field is reached by skipping the ones before it.
 *
 * A view's setter writes the record again with the new value (3.x release kinds and 4.x party
 * names are decided at message end). A value read from a view is a copy, which the next reads of
 * the same field may share (a small cache): it is read-only. Changing it in place changes
 * nothing stored, so code that fixes up a record assigns the field.
 *
 * The store is layered by job, each layer a class extending the one below so that the hot fields
 * stay on one object: the pages (record-pages.ts: bytes, varints, addresses, the temporary file),
 * the string codec (record-strings.ts), the shape codec (record-shapes.ts: objects' keys), and here
 * the values (numbers, arrays, objects, locations, kept objects), records, fields and views. The
 * tags are record-tags.ts.
 *
 * Written here rather than taken from a library: the MessagePack and CBOR libraries encode and
 * decode whole values, and the point is reading one field of a record without decoding the rest,
 * with the locations and strings packed as above.
 */
import { TableLoc, TableLocated, type PathTable } from '../xml/path-table.js';
import { latin1Text } from '../xml/decode.js';
import type { LocId, LocTable } from '../xml/loc-table.js';
import { EMPTY } from './compact.js';
import { viewClass } from './record-views.js';
import type { ViewOwner } from './record-access.js';
import { PAGE_SPAN, type RawBuffer } from './record-pages.js';
import { AGAIN_RING } from './record-strings.js';
import { RecordShapes, reader, taker, type Shape } from './record-shapes.js';
import { Tag } from './record-tags.js';

export { PAGE_SPAN } from './record-pages.js';

/** Fields read lately, kept decoded (see `field`). */
const CACHE_MASK = 1023;
/** Encoded size of the largest value the cache keeps. */
const CACHE_BYTES = 2048;
/** Fields of a record whose places `reach` keeps. */
const REACH_FIELDS = 64;

/** The row and line of the last record of a list written (or read) in order. */
export interface Chain {
  row: number;
  line: number;
}

export class RecordStore extends RecordShapes {
  /** Nesting of `putValues`, and an array of values per level. */
  private depth = 0;
  private readonly scratch: unknown[][] = [];
  private readonly kept: unknown[] = [];
  private table: PathTable | null = null;
  /** The record being written or read: its anchored row and line, which its locations are written relative to. */
  private baseRow = 0;
  private baseLine = 0;
  private readonly cacheAt = new Float64Array(CACHE_MASK + 1).fill(-1);
  private readonly cacheIndex = new Int32Array(CACHE_MASK + 1);
  private readonly cacheValue: unknown[] = new Array(CACHE_MASK + 1).fill(undefined);
  /**
   * The record `reach` last positioned on (NaN or -1: none), its anchored row and line, and where
   * its fields up to `reached` start (with the nulls of a run still to read there). An address is a
   * double (RecordList keeps them in a Float64Array), so the field holds one from the start, as
   * `after` does: a field first given a small integer and then a double changed the store's hidden
   * class mid-run, which threw away every optimized method of the store once.
   */
  private reachedAt = NaN;
  private reachedRow = 0;
  private reachedLine = 0;
  private reached = 0;
  private readonly fieldPos = new Int32Array(REACH_FIELDS);
  private readonly fieldNulls = new Int32Array(REACH_FIELDS);
  /** The shape of the last record written (a list keeps it, to make views without reading the record). */
  lastShape = -1;

  /**
   * `ordered`: a list read in order (stored-list.ts), which needs few pages in memory; records are
   * read in any order. `locations`: the message's table of the records' `loc` numbers, whose
   * anchored row and line the record's other locations are written against.
   */
  constructor(
    use: 'records' | 'ordered' = 'records',
    private readonly locations: LocTable | null = null,
  ) {
    super(use);
  }

  /** Lets go of the pages and the temporary file (the store is not read again). */
  override close(): void {
    super.close();
    this.reachedAt = -1;
  }

  /** A view of the record at `at`, record `i` of `owner` (which its setters tell where the record went); `held`: its `kind` if known (record-views.ts); `shapeId`: its shape if known (`lastShape`), else read from the store. */
  view(at: number, owner: ViewOwner | null = null, i = -1, held: unknown = undefined, shapeId = this.shapeAt(at)): object {
    const shape = this.shapes[shapeId];
    const View = (shape.view ??= viewClass(this, shape.keys));
    return new View(at, owner, i, held);
  }
  /** The whole record at `at`, as plain objects. */
  decode(at: number): Record<string, unknown> {
    const shape = this.shapes[this.enter(at)];
    return (shape.read ??= reader(shape.keys))(this);
  }
  /**
   * Field `index` of the record at `at`. The last values read are kept in a small cache keyed by
   * record and field: rules read a field several times in a row (`r.technical.length`, then
   * `r.technical[j]` in a loop), and each would decode it again.
   */
  field(at: number, index: number): unknown {
    const slot = (at + index * 40503) & CACHE_MASK;
    if (this.cacheAt[slot] === at && this.cacheIndex[slot] === index) return this.cacheValue[slot];
    this.reach(at, index);
    const from = this.pos;
    const value = this.value();
    // A large value (an album's track list) is not kept: the cache would hold it until pushed out.
    if (this.pos - from > CACHE_BYTES) return value;
    this.cacheAt[slot] = at;
    this.cacheIndex[slot] = index;
    this.cacheValue[slot] = value;
    return value;
  }
  /**
   * Positions the reader on field `index` of the record at `at`. A rule reads several fields of a
   * record one after the other (4 in 10 reads at message end are of the record read just before),
   * and each read skipped every field before its own: where the fields of the record last reached
   * start is kept, and a read goes on from the nearest one.
   */
  private reach(at: number, index: number): void {
    let i = 0;
    if (at === this.reachedAt) {
      i = index < this.reached ? index : this.reached;
      this.pageOf(at);
      this.pos = this.fieldPos[i];
      this.nulls = this.fieldNulls[i];
      this.baseRow = this.reachedRow;
      this.baseLine = this.reachedLine;
    } else {
      this.enter(at);
      this.reachedAt = at;
      this.reached = 0;
      this.fieldPos[0] = this.pos;
      this.fieldNulls[0] = 0;
      this.reachedRow = this.baseRow;
      this.reachedLine = this.baseLine;
    }
    for (; i < index; i++) {
      this.skip();
      if (i + 1 > this.reached && i + 1 < REACH_FIELDS) {
        this.reached = i + 1;
        this.fieldPos[i + 1] = this.pos;
        this.fieldNulls[i + 1] = this.nulls;
      }
    }
  }
  /**
   * Whether field `index` of the record at `at` is a located value whose text is `text`, compared
   * in the bytes: no string, location or view is made (an index's probe confirms an anchor this
   * way). False for a null field; null when the field holds anything else, for the caller to read.
   */
  locatedTextIs(at: number, index: number, text: string): boolean | null {
    this.reach(at, index);
    if (this.nulls > 0) return false;
    const tag = this.buf[this.pos++];
    switch (tag) {
      case Tag.Null:
      case Tag.Nulls:
        return false;
      case Tag.Located:
        this.readVarint();
      // falls through: the row difference read, the rest is as on the record's own row
      case Tag.LocatedHere:
        this.readVarint();
        this.readVarint();
        this.readVarint();
        return this.textIs(text);
    }
    return null;
  }
  /**
   * The text of field `index` of the record at `at`, a located value's or a string's, read without
   * making the located value or a view (a report lists a catalog's 414,000 recordings this way); null
   * for a null field; undefined when the field holds anything else, for the caller to read.
   */
  textOf(at: number, index: number): string | null | undefined {
    this.reach(at, index);
    return this.textHere();
  }
  /**
   * The text (as `textOf`) of `key` of the first object in the list of field `index` (a record's
   * first title); null when the list is empty or null, or its first object has no such key;
   * undefined when the field or that value is of another kind.
   */
  firstItemTextOf(at: number, index: number, key: string): string | null | undefined {
    this.reach(at, index);
    if (this.nulls > 0) return null;
    const tag = this.buf[this.pos++];
    if (tag === Tag.Null || tag === Tag.Nulls || tag === Tag.Empty) return null;
    if (tag !== Tag.Array) return undefined;
    this.readVarint();
    if (this.readVarint() === 0) return null;
    if (this.buf[this.pos++] !== Tag.Object) return undefined;
    this.readVarint();
    const field = this.keyIndex(this.readVarint(), key);
    if (field < 0) return null;
    for (let i = 0; i < field; i++) this.skip();
    return this.textHere();
  }
  /** The text of the value at the reader's position (see `textOf`). */
  private textHere(): string | null | undefined {
    if (this.nulls > 0) return null;
    const tag = this.buf[this.pos];
    switch (tag) {
      case Tag.Null:
      case Tag.Nulls:
        return null;
      case Tag.Located:
      case Tag.LocatedHere: {
        this.pos++;
        // The location: a row difference (Located only), the relative row, the line difference, the column.
        if (tag === Tag.Located) this.readVarint();
        this.readVarint();
        this.readVarint();
        this.readVarint();
        const value = this.value();
        return typeof value === 'string' ? value : value === null ? null : undefined;
      }
      case Tag.Latin1:
      case Tag.Utf16:
      case Tag.Interned:
      case Tag.Again:
        return this.value() as string;
    }
    return undefined;
  }
  /** Writes the record at `at` again with field `index` set to `value`; returns the new address. */
  assign(at: number, index: number, value: unknown): number {
    const shape = this.shapes[this.shapeAt(at)];
    const record = this.decode(at);
    record[shape.keys[index]] = value;
    return this.write(record, -1);
  }
  // --- writing

  /** Writes `record` (a plain object); returns its address, for `decode` and `field`. */
  write(record: Record<string, unknown>, slot = -1, chain: Chain | null = null): number {
    this.start = this.n;
    this.written.fill('');
    this.open.length = 0;
    this.depth = 0;
    const loc = record.loc;
    if (loc instanceof TableLoc && this.tableFor(loc)) {
      this.baseRow = loc.row;
      this.baseLine = loc.line;
    } else if (typeof loc === 'number' && this.locations) {
      // A record's own location, a number of the message's table (xml/loc-table.ts); a row below 0 is a path kept as a string.
      this.baseRow = Math.max(0, this.locations.row(loc as LocId));
      this.baseLine = this.locations.line(loc as LocId);
    } else {
      this.baseRow = 0;
      this.baseLine = 0;
    }
    if (chain) {
      // A list read in order: the record's row and line as differences to the one before.
      this.zigzag(this.baseRow - chain.row);
      this.zigzag(this.baseLine - chain.line);
      chain.row = this.baseRow;
      chain.line = this.baseLine;
    } else {
      this.varint(this.baseRow);
      this.varint(this.baseLine);
    }
    const shape = this.shapeOf(record, slot);
    this.lastShape = shape;
    this.varint(shape);
    this.putValues(record, this.shapes[shape]);
    return this.place();
  }
  private tableFor(loc: TableLoc): boolean {
    this.table ??= loc.table;
    return this.table === loc.table;
  }
  private put(value: unknown, slot: number): void {
    switch (typeof value) {
      case 'string':
        return this.putString(value, slot);
      case 'number':
        if (Number.isInteger(value) && value >= -0x40000000 && value < 0x40000000 && !Object.is(value, -0)) {
          this.byte(Tag.Int);
          this.varint(value >= 0 ? value * 2 : -value * 2 - 1);
        } else {
          this.room(9);
          this.out[this.n++] = Tag.Float;
          this.out.writeDoubleLE(value, this.n);
          this.n += 8;
        }
        return;
      case 'boolean':
        return this.byte(value ? Tag.True : Tag.False);
      case 'undefined':
        return this.byte(Tag.Undefined);
      case 'object': {
        if (value === null) return this.byte(Tag.Null);
        if (Array.isArray(value)) return this.putArray(value, slot);
        const kind = value.constructor;
        if (kind === Object) return this.putObject(value as Record<string, unknown>, slot);
        if ((kind === TableLoc || kind === TableLocated) && this.tableFor(value as TableLoc)) {
          const loc = value as TableLoc;
          if (loc.row === this.baseRow) this.byte(kind === TableLoc ? Tag.LocHere : Tag.LocatedHere);
          else {
            this.byte(kind === TableLoc ? Tag.Loc : Tag.Located);
            this.zigzag(loc.row - this.baseRow);
          }
          this.varint(loc.rel + 1);
          this.zigzag(loc.line - this.baseLine);
          this.varint(loc.column);
          if (kind === TableLocated) this.put((loc as TableLocated<unknown>).value, slot);
          return;
        }
        break;
      }
    }
    this.byte(Tag.Kept);
    this.varint(this.kept.length);
    this.kept.push(value);
  }
  private putArray(list: unknown[], slot: number): void {
    if (list.length === 0) return this.byte(Tag.Empty);
    this.byte(Tag.Array);
    const start = this.begin();
    this.varint(list.length);
    for (let i = 0; i < list.length; i++) this.put(list[i], slot);
    this.end(start);
  }
  private putObject(value: Record<string, unknown>, slot: number): void {
    this.byte(Tag.Object);
    const start = this.begin();
    const shape = this.shapeOf(value, slot);
    this.varint(shape);
    this.putValues(value, this.shapes[shape]);
    this.end(start);
  }
  /** An object's values in its shape's order, runs of nulls as one count. */
  private putValues(value: Record<string, unknown>, shape: Shape): void {
    const { keys, slot } = shape;
    // The values taken out by the shape's own function (named loads, one hidden class each), into an array of this depth.
    const depth = this.depth++;
    const values = (this.scratch[depth] ??= []);
    (shape.take ??= taker(keys))(value, values);
    for (let i = 0; i < keys.length; i++) {
      const v = values[i];
      if (v === null) {
        let run = 1;
        while (i + run < keys.length && values[i + run] === null) run++;
        if (run > 1) {
          this.byte(Tag.Nulls);
          this.varint(run);
          i += run - 1;
          continue;
        }
      }
      this.put(v, slot + i);
    }
    // Not emptied: the next object of this level overwrites it (it may hold a few values until then).
    this.depth--;
  }
  /** Keeps one byte for the length of what follows (moved along when the length needs more); returns its place from the record's start (a record moves when its page fills). */
  private begin(): number {
    this.room(1);
    const from = this.n++ - this.start;
    this.open.push(from);
    return from;
  }
  private end(from: number): void {
    this.open.pop();
    const start = this.start + from;
    const length = this.n - start - 1;
    let extra = 0;
    for (let v = length >>> 7; v > 0; v >>>= 7) extra++;
    if (extra > 0) {
      this.room(extra);
      this.out.copyWithin(start + 1 + extra, start + 1, this.n);
      this.n += extra;
      // Strings written inside moved along.
      for (let i = 0; i < AGAIN_RING; i++) if (this.writtenAt[i] > from) this.writtenAt[i] += extra;
    }
    let at = start;
    let v = length;
    while (v >= 0x80) {
      this.out[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.out[at] = v;
  }
  // --- reading

  /** Positions the reader on the record at `at`, past its header; returns its shape. */
  private enter(at: number, chain: Chain | null = null): number {
    this.pos = this.pageOf(at);
    this.nulls = 0;
    if (chain) {
      chain.row = this.baseRow = chain.row + this.readZigzag();
      chain.line = this.baseLine = chain.line + this.readZigzag();
    } else {
      this.baseRow = this.readVarint();
      this.baseLine = this.readVarint();
    }
    return this.readVarint();
  }
  /** Reads the record at `at` written with `chain` (see `StoredList`); returns it and where the next one starts when it follows in the same page. */
  decodeChained(at: number, chain: Chain): Record<string, unknown> {
    const shape = this.shapes[this.enter(at, chain)];
    const record = (shape.read ??= reader(shape.keys))(this);
    this.after = at - (at % PAGE_SPAN) + this.pos;
    return record;
  }
  /** The address right after the last record read by `decodeChained` (a double from the start, see `reachedAt`). */
  after = NaN;

  private shapeAt(at: number): number {
    const row = this.baseRow;
    const line = this.baseLine;
    const shape = this.enter(at);
    this.baseRow = row;
    this.baseLine = line;
    return shape;
  }
  /** Nulls of a Tag.Nulls run still to be read as values. */
  private nulls = 0;

  /** The next value (shape readers call it). */
  value(): unknown {
    if (this.nulls > 0) {
      this.nulls--;
      return null;
    }
    const tag = this.buf[this.pos++];
    switch (tag) {
      case Tag.Null:
        return null;
      case Tag.Nulls:
        this.nulls = this.readVarint() - 1;
        return null;
      case Tag.Undefined:
        return undefined;
      case Tag.False:
        return false;
      case Tag.True:
        return true;
      case Tag.Int:
        return this.readZigzag();
      case Tag.Float: {
        const v = this.buf.readDoubleLE(this.pos);
        this.pos += 8;
        return v;
      }
      case Tag.Latin1:
      case Tag.Utf16: {
        const length = this.readVarint();
        const start = this.pos;
        this.pos += length;
        return tag === Tag.Latin1 ? latin1Text(this.buf, start, this.pos) : (this.buf as RawBuffer).ucs2Slice(start, this.pos);
      }
      case Tag.Interned:
        return this.strings[this.readVarint()];
      case Tag.Again: {
        const at = this.pos - 1;
        const back = this.readVarint();
        const resume = this.pos;
        this.pos = at - back;
        const text = this.value();
        this.pos = resume;
        return text;
      }
      case Tag.Empty:
        return EMPTY;
      case Tag.Array: {
        this.readVarint();
        const count = this.readVarint();
        const list = new Array(count);
        for (let i = 0; i < count; i++) list[i] = this.value();
        return list;
      }
      case Tag.Object: {
        this.readVarint();
        const shape = this.shapes[this.readVarint()];
        return (shape.read ??= reader(shape.keys))(this);
      }
      case Tag.Loc:
      case Tag.Located:
      case Tag.LocHere:
      case Tag.LocatedHere: {
        const row = tag === Tag.Loc || tag === Tag.Located ? this.baseRow + this.readZigzag() : this.baseRow;
        const rel = this.readVarint() - 1;
        const line = this.baseLine + this.readZigzag();
        const column = this.readVarint();
        if (tag === Tag.Loc || tag === Tag.LocHere) return new TableLoc(row, rel, line, column, this.table!);
        return new TableLocated(this.value(), row, rel, line, column, this.table!);
      }
      case Tag.Kept:
        return this.kept[this.readVarint()];
    }
    throw new Error(`record store: unknown tag ${tag} at ${this.pos - 1}`);
  }
  /** Moves past one value. */
  private skip(): void {
    if (this.nulls > 0) {
      this.nulls--;
      return;
    }
    const tag = this.buf[this.pos++];
    switch (tag) {
      case Tag.Nulls:
        this.nulls = this.readVarint() - 1;
        return;
      case Tag.Int:
      case Tag.Interned:
      case Tag.Kept:
      case Tag.Again:
        this.readVarint();
        return;
      case Tag.Float:
        this.pos += 8;
        return;
      case Tag.Latin1:
      case Tag.Utf16:
      case Tag.Array:
      case Tag.Object: {
        const length = this.readVarint();
        this.pos += length;
        return;
      }
      case Tag.Loc:
      case Tag.Located:
        this.readVarint();
        this.readVarint();
        this.readVarint();
        this.readVarint();
        if (tag === Tag.Located) this.skip();
        return;
      case Tag.LocHere:
      case Tag.LocatedHere:
        this.readVarint();
        this.readVarint();
        this.readVarint();
        if (tag === Tag.LocatedHere) this.skip();
        return;
    }
  }}

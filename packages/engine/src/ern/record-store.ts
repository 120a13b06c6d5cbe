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
 * Written here rather than taken from a library: the MessagePack and CBOR libraries encode and
 * decode whole values, and the point is reading one field of a record without decoding the rest,
 * with the locations and strings packed as above.
 */
import { TableLoc, TableLocated, type PathTable } from '../xml/path-table.js';
import { latin1Text } from '../xml/decode.js';
import type { LocId, LocTable } from '../xml/loc-table.js';
import { EMPTY } from './compact.js';
import { viewClass, type ViewClass } from './record-views.js';
import type { ViewOwner } from './record-access.js';
import { PageFile, RESIDENT_PAGES } from './page-file.js';

const T_NULL = 0;
const T_UNDEFINED = 1;
const T_FALSE = 2;
const T_TRUE = 3;
const T_INT = 4;
const T_FLOAT = 5;
const T_LATIN1 = 6;
const T_UTF16 = 7;
const T_INTERNED = 8;
const T_ARRAY = 9;
const T_EMPTY = 10;
const T_OBJECT = 11;
const T_LOC = 12;
const T_LOCATED = 13;
/** Anything else (an object of another class): kept as it is in a side list. */
const T_KEPT = 14;
/** A location (or located value) on its record's own anchored row: the row difference (0) is not written. */
const T_LOC_HERE = 15;
const T_LOCATED_HERE = 16;
/** `count` nulls in a row among an object's values (most optional fields of a record are null). */
const T_NULLS = 17;
/** The same string as one written earlier in the record (a 4.x title is its DisplayTitleText and its DisplayTitle): the distance back to it. */
const T_AGAIN = 18;

/**
 * Bytes per page; a record larger than that gets a page of its own. A list read in order (its
 * pages read one after the other) takes smaller pages: a 1 GB message's rules keep five such lists,
 * each with its budget and the page being written in memory, 15 MB at 1 MiB a page.
 */
const PAGE_BYTES = { records: 1 << 20, ordered: 1 << 18 };
/** Address = page number * PAGE_SPAN + offset. */
export const PAGE_SPAN = 1 << 21;
/** Strings of a record remembered for T_AGAIN. */
const AGAIN_RING = 8;
/** Fields read lately, kept decoded (see `field`). */
const CACHE_MASK = 1023;
/** Encoded size of the largest value the cache keeps. */
const CACHE_BYTES = 2048;
/** Texts up to this length are copied byte by byte rather than by Buffer's latin1Write. */
const SHORT_TEXT = 32;
/** Fields of a record whose places `reach` keeps. */
const REACH_FIELDS = 64;
/** Distinct values a field may intern before it writes its strings in place. */
const SLOT_STRINGS = 64;

/** The row and line of the last record of a list written (or read) in order. */
export interface Chain {
  row: number;
  line: number;
}

interface Shape {
  keys: string[];
  /**
   * Each key's field number (`keyIndex`), made when first asked. Present (null) from the start:
   * a property added to some shapes later gave the writer's and readers' loads of a shape two hidden
   * classes, and their optimized code was thrown away and compiled again.
   */
  indexes: Map<string, number> | null;
  /** Copies an object's values of this shape into an array, by named loads (a loop of keyed loads over every shape was megamorphic). */
  take: ((value: Record<string, unknown>, out: unknown[]) => void) | null;
  /** Reads an object of this shape from the store's position: an object literal of its own, so V8 gives every object of the shape one hidden class (a loop of keyed stores made the reads megamorphic). */
  read: ((store: RecordStore) => Record<string, unknown>) | null;
  /** Slot of the first key; a key's values share the slot `slot + index`. */
  slot: number;
  view: ViewClass | null;
}

/** Buffer's own decoders, without `toString`'s argument checks (a field is read millions of times by the rules). */
interface RawBuffer extends Buffer {
  ucs2Slice(start: number, end: number): string;
  latin1Write(text: string, offset: number, length: number): number;
  ucs2Write(text: string, offset: number, length: number): number;
}

export class RecordStore {
  /** Complete pages beyond a few go to a temporary file (page-file.ts). */
  private readonly pages: PageFile;
  /** Records are written straight into the last page: `start` is where the record being written begins, `n` where the next byte goes. */
  private out: RawBuffer = Buffer.alloc(0) as RawBuffer;
  private start = 0;
  private n = 0;
  private readonly shapes: Shape[] = [];
  private readonly shapeIds = new Map<string, number>();
  private slots = 0;
  private readonly slotStrings: (Map<string, number> | null | undefined)[] = [];
  /** The last strings written in place in the record being written, and their places from its start (for T_AGAIN): a ring of a few. */
  private readonly written: string[] = new Array(AGAIN_RING).fill('');
  private readonly writtenAt = new Int32Array(AGAIN_RING);
  private writtenNext = 0;
  /** Nesting of `putValues`, and an array of values per level. */
  private depth = 0;
  private readonly scratch: unknown[][] = [];
  /** Where each container (array, object) still open in the record being written starts, from the record's start. */
  private readonly open: number[] = [];
  /** The last shape met under each slot (objects under one field usually share their keys). */
  private readonly slotShape: number[] = [];
  private readonly strings: string[] = [];
  private readonly kept: unknown[] = [];
  private table: PathTable | null = null;
  /** The record being written or read: its anchored row and line, which its locations are written relative to. */
  private baseRow = 0;
  private baseLine = 0;
  /** Reading: the page and position. */
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private readonly cacheAt = new Float64Array(CACHE_MASK + 1).fill(-1);
  private readonly cacheIndex = new Int32Array(CACHE_MASK + 1);
  private readonly cacheValue: unknown[] = new Array(CACHE_MASK + 1).fill(undefined);
  /** The page `buf` is (-1: none; a page left memory may have lent its buffer to another). */
  private bufPage = -1;
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
  /** Bytes of records written (for tests and benchmarks). */
  bytes = 0;
  private readonly pageBytes: number;

  /**
   * `ordered`: a list read in order (stored-list.ts), which needs few pages in memory; records are
   * read in any order. `locations`: the message's table of the records' `loc` numbers, whose
   * anchored row and line the record's other locations are written against.
   */
  constructor(
    use: 'records' | 'ordered' = 'records',
    private readonly locations: LocTable | null = null,
  ) {
    this.pages = new PageFile(PAGE_BYTES[use], RESIDENT_PAGES[use]);
    this.pageBytes = PAGE_BYTES[use];
  }

  /** Its pages, those in memory, and bytes written to its temporary file. */
  stats(): { pages: number; inMemory: number; fileBytes: number; reads: number } {
    return this.pages.stats();
  }

  /** Keeps at most `keep` complete pages in memory from now on (`PageFile.shrink`): the model's rules are done. */
  shrink(keep: number): void {
    this.pages.shrink(keep);
  }

  /** Lets go of the pages and the temporary file (the store is not read again). */
  close(): void {
    this.pages.close();
    this.bufPage = -1;
    this.reachedAt = -1;
    this.buf = Buffer.alloc(0);
  }

  /** A new slot: records written under it share the shape looked up last (`write`'s `slot`). */
  newSlot(): number {
    return this.slots++;
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

  /** The field number of `key` in records of shape `shapeId`, -1 when they have no such key. */
  keyIndex(shapeId: number, key: string): number {
    const shape = this.shapes[shapeId];
    shape.indexes ??= new Map(shape.keys.map((k, i) => [k, i]));
    return shape.indexes.get(key) ?? -1;
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
      case T_NULL:
      case T_NULLS:
        return false;
      case T_LOCATED:
        this.readVarint();
      // falls through: the row difference read, the rest is as on the record's own row
      case T_LOCATED_HERE:
        this.readVarint();
        this.readVarint();
        this.readVarint();
        return this.textIs(text);
    }
    return null;
  }

  /** Whether the value at the reader's position is the string `text` (null: not a string written as such). */
  private textIs(text: string): boolean | null {
    const tag = this.buf[this.pos++];
    switch (tag) {
      case T_LATIN1: {
        const length = this.readVarint();
        if (length !== text.length) return false;
        const buf = this.buf;
        const start = this.pos;
        for (let i = 0; i < length; i++) if (buf[start + i] !== text.charCodeAt(i)) return false;
        return true;
      }
      case T_UTF16: {
        const length = this.readVarint();
        if (length !== text.length * 2) return false;
        const buf = this.buf;
        const start = this.pos;
        for (let i = 0; i < text.length; i++) if ((buf[start + 2 * i] | (buf[start + 2 * i + 1] << 8)) !== text.charCodeAt(i)) return false;
        return true;
      }
      case T_INTERNED:
        return this.strings[this.readVarint()] === text;
      case T_AGAIN: {
        const at = this.pos - 1;
        this.pos = at - this.readVarint();
        return this.textIs(text);
      }
    }
    return null;
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

  /** The record just written: its address; the page is taken up to its end. */
  private place(): number {
    const at = (this.pages.length - 1) * PAGE_SPAN + this.start;
    this.bytes += this.n - this.start;
    // A page made larger than the address span for one big record holds nothing else.
    if (this.out.length > PAGE_SPAN) this.n = this.out.length;
    return at;
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
          this.byte(T_INT);
          this.varint(value >= 0 ? value * 2 : -value * 2 - 1);
        } else {
          this.room(9);
          this.out[this.n++] = T_FLOAT;
          this.out.writeDoubleLE(value, this.n);
          this.n += 8;
        }
        return;
      case 'boolean':
        return this.byte(value ? T_TRUE : T_FALSE);
      case 'undefined':
        return this.byte(T_UNDEFINED);
      case 'object': {
        if (value === null) return this.byte(T_NULL);
        if (Array.isArray(value)) return this.putArray(value, slot);
        const kind = value.constructor;
        if (kind === Object) return this.putObject(value as Record<string, unknown>, slot);
        if ((kind === TableLoc || kind === TableLocated) && this.tableFor(value as TableLoc)) {
          const loc = value as TableLoc;
          if (loc.row === this.baseRow) this.byte(kind === TableLoc ? T_LOC_HERE : T_LOCATED_HERE);
          else {
            this.byte(kind === TableLoc ? T_LOC : T_LOCATED);
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
    this.byte(T_KEPT);
    this.varint(this.kept.length);
    this.kept.push(value);
  }

  private putString(value: string, slot: number): void {
    let known = this.slotStrings[slot];
    if (known === undefined) this.slotStrings[slot] = known = new Map();
    if (known !== null) {
      let id = known.get(value);
      if (id === undefined) {
        if (known.size < SLOT_STRINGS) {
          id = this.strings.length;
          this.strings.push(value);
          known.set(value, id);
        } else this.slotStrings[slot] = null;
      }
      if (id !== undefined) {
        this.byte(T_INTERNED);
        this.varint(id);
        return;
      }
    }
    const here = this.n - this.start;
    if (value.length >= 4) {
      let found = -1;
      for (let i = 0; i < AGAIN_RING; i++) {
        if (this.written[i] === value) {
          found = i;
          break;
        }
      }
      // Only back to a string inside every container still open: their lengths, written when they close, may move what follows them.
      if (found >= 0 && (this.open.length === 0 || this.writtenAt[found] > this.open[0])) {
        this.byte(T_AGAIN);
        this.varint(here - this.writtenAt[found]);
        return;
      }
      if (found >= 0) this.writtenAt[found] = here;
      else {
        this.written[this.writtenNext] = value;
        this.writtenAt[this.writtenNext] = here;
        this.writtenNext = (this.writtenNext + 1) % AGAIN_RING;
      }
    }
    const length = value.length;
    let wide = false;
    if (length <= SHORT_TEXT) {
      // Copied in the loop that looks for a wide character: for a short text, a call into Buffer's latin1Write cost more than the copy.
      this.room(length + 6);
      const tagAt = this.n;
      this.out[this.n++] = T_LATIN1;
      this.varint(length);
      const out = this.out;
      const at = this.n;
      let i = 0;
      for (; i < length; i++) {
        const c = value.charCodeAt(i);
        if (c > 0xff) break;
        out[at + i] = c;
      }
      if (i === length) {
        this.n = at + length;
        return;
      }
      // A wide character: written again below, as UTF-16.
      this.n = tagAt;
      wide = true;
    } else {
      for (let i = 0; i < length; i++) {
        if (value.charCodeAt(i) > 0xff) {
          wide = true;
          break;
        }
      }
    }
    const bytes = wide ? length * 2 : length;
    this.room(bytes + 6);
    this.out[this.n++] = wide ? T_UTF16 : T_LATIN1;
    this.varint(bytes);
    this.n += wide ? this.out.ucs2Write(value, this.n, bytes) : this.out.latin1Write(value, this.n, bytes);
  }

  private putArray(list: unknown[], slot: number): void {
    if (list.length === 0) return this.byte(T_EMPTY);
    this.byte(T_ARRAY);
    const start = this.begin();
    this.varint(list.length);
    for (let i = 0; i < list.length; i++) this.put(list[i], slot);
    this.end(start);
  }

  private putObject(value: Record<string, unknown>, slot: number): void {
    this.byte(T_OBJECT);
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
          this.byte(T_NULLS);
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

  /** The shape of `value`'s keys: the one last met under `slot` when the keys are the same, without listing them. */
  private shapeOf(value: Record<string, unknown>, slot: number): number {
    const last = slot >= 0 ? this.slotShape[slot] : undefined;
    if (last !== undefined) {
      const keys = this.shapes[last].keys;
      let i = 0;
      let same = true;
      for (const key in value) {
        if (keys[i++] !== key) {
          same = false;
          break;
        }
      }
      if (same && i === keys.length) return last;
    }
    const keys = Object.keys(value);
    const name = keys.join('\u0000');
    let id = this.shapeIds.get(name);
    if (id === undefined) {
      id = this.shapes.length;
      this.shapes.push({ keys, indexes: null, slot: this.slots, view: null, read: null, take: null });
      this.slots += keys.length;
      this.shapeIds.set(name, id);
    }
    if (slot >= 0) this.slotShape[slot] = id;
    return id;
  }

  private byte(b: number): void {
    this.room(1);
    this.out[this.n++] = b;
  }

  private varint(v: number): void {
    this.room(5);
    while (v >= 0x80) {
      this.out[this.n++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.out[this.n++] = v;
  }

  private zigzag(v: number): void {
    this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  }

  /** Makes room for `bytes` more: when the page is full, the record written so far moves to a new one. */
  private room(bytes: number): void {
    if (this.n + bytes <= this.out.length) return;
    const written = this.n - this.start;
    const page = this.pages.add(Math.max(this.pageBytes, (written + bytes) * 2), this.start) as RawBuffer;
    this.out.copy(page, 0, this.start, this.n);
    this.bufPage = -1;
    this.out = page;
    this.start = 0;
    this.n = written;
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

  /** Makes the page of address `at` the reader's (`buf`); returns `at`'s place in it. */
  private pageOf(at: number): number {
    const page = at < 0x80000000 ? (at / PAGE_SPAN) | 0 : Math.floor(at / PAGE_SPAN);
    if (page !== this.bufPage) {
      this.buf = this.pages.get(page);
      this.bufPage = page;
    }
    // A small integer: the reader's position stays one (see `reachedAt`).
    return (at - page * PAGE_SPAN) | 0;
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

  private readVarint(): number {
    const buf = this.buf;
    let b = buf[this.pos++];
    if (b < 0x80) return b;
    let v = b & 0x7f;
    let scale = 128;
    do {
      b = buf[this.pos++];
      v += (b & 0x7f) * scale;
      scale *= 128;
    } while (b >= 0x80);
    return v;
  }

  private readZigzag(): number {
    const v = this.readVarint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  /** Nulls of a T_NULLS run still to be read as values. */
  private nulls = 0;

  /** The next value (shape readers call it). */
  value(): unknown {
    if (this.nulls > 0) {
      this.nulls--;
      return null;
    }
    const tag = this.buf[this.pos++];
    switch (tag) {
      case T_NULL:
        return null;
      case T_NULLS:
        this.nulls = this.readVarint() - 1;
        return null;
      case T_UNDEFINED:
        return undefined;
      case T_FALSE:
        return false;
      case T_TRUE:
        return true;
      case T_INT:
        return this.readZigzag();
      case T_FLOAT: {
        const v = this.buf.readDoubleLE(this.pos);
        this.pos += 8;
        return v;
      }
      case T_LATIN1:
      case T_UTF16: {
        const length = this.readVarint();
        const start = this.pos;
        this.pos += length;
        return tag === T_LATIN1 ? latin1Text(this.buf, start, this.pos) : (this.buf as RawBuffer).ucs2Slice(start, this.pos);
      }
      case T_INTERNED:
        return this.strings[this.readVarint()];
      case T_AGAIN: {
        const at = this.pos - 1;
        const back = this.readVarint();
        const resume = this.pos;
        this.pos = at - back;
        const text = this.value();
        this.pos = resume;
        return text;
      }
      case T_EMPTY:
        return EMPTY;
      case T_ARRAY: {
        this.readVarint();
        const count = this.readVarint();
        const list = new Array(count);
        for (let i = 0; i < count; i++) list[i] = this.value();
        return list;
      }
      case T_OBJECT: {
        this.readVarint();
        const shape = this.shapes[this.readVarint()];
        return (shape.read ??= reader(shape.keys))(this);
      }
      case T_LOC:
      case T_LOCATED:
      case T_LOC_HERE:
      case T_LOCATED_HERE: {
        const row = tag === T_LOC || tag === T_LOCATED ? this.baseRow + this.readZigzag() : this.baseRow;
        const rel = this.readVarint() - 1;
        const line = this.baseLine + this.readZigzag();
        const column = this.readVarint();
        if (tag === T_LOC || tag === T_LOC_HERE) return new TableLoc(row, rel, line, column, this.table!);
        return new TableLocated(this.value(), row, rel, line, column, this.table!);
      }
      case T_KEPT:
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
      case T_NULLS:
        this.nulls = this.readVarint() - 1;
        return;
      case T_INT:
      case T_INTERNED:
      case T_KEPT:
      case T_AGAIN:
        this.readVarint();
        return;
      case T_FLOAT:
        this.pos += 8;
        return;
      case T_LATIN1:
      case T_UTF16:
      case T_ARRAY:
      case T_OBJECT: {
        const length = this.readVarint();
        this.pos += length;
        return;
      }
      case T_LOC:
      case T_LOCATED:
        this.readVarint();
        this.readVarint();
        this.readVarint();
        this.readVarint();
        if (tag === T_LOCATED) this.skip();
        return;
      case T_LOC_HERE:
      case T_LOCATED_HERE:
        this.readVarint();
        this.readVarint();
        this.readVarint();
        if (tag === T_LOCATED_HERE) this.skip();
        return;
    }
  }

}

/** `store => ({ "a": store.value(), "b": store.value() })` for `keys`: literal properties are evaluated in order. */
function reader(keys: string[]): (store: RecordStore) => Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the model's own property names, quoted by JSON.stringify.
  return new Function('store', `return {${keys.map((key) => `${JSON.stringify(key)}: store.value()`).join(', ')}};`) as (store: RecordStore) => Record<string, unknown>;
}

/** `(v, out) => { out[0] = v["a"]; out[1] = v["b"]; }` for `keys`. */
function taker(keys: string[]): (value: Record<string, unknown>, out: unknown[]) => void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- keys are the model's own property names, quoted by JSON.stringify.
  return new Function('v', 'out', keys.map((key, i) => `out[${i}] = v[${JSON.stringify(key)}];`).join('\n')) as (value: Record<string, unknown>, out: unknown[]) => void;
}

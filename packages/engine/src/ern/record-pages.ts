/**
 * The record store's pages (record-store.ts): records are written as bytes straight into the last
 * page, and read back from the page of their address; complete pages beyond a few go to a
 * temporary file (page-file.ts). This layer knows bytes, varints and addresses, not values: the
 * string, shape and value codecs above it (record-strings.ts, record-shapes.ts, record-store.ts)
 * extend it, so that the writer's and reader's hot fields stay on one object (one hidden class, no
 * extra load per byte).
 */
import { PageFile, RESIDENT_PAGES } from './page-file.js';

/**
 * Bytes per page; a record larger than that gets a page of its own. A list read in order (its
 * pages read one after the other) takes smaller pages: a 1 GB message's rules keep five such lists,
 * each with its budget and the page being written in memory, 15 MB at 1 MiB a page.
 */
const PAGE_BYTES = { records: 1 << 20, ordered: 1 << 18 };
/** Address = page number * PAGE_SPAN + offset. */
export const PAGE_SPAN = 1 << 21;

/** Buffer's own decoders, without `toString`'s argument checks (a field is read millions of times by the rules). */
export interface RawBuffer extends Buffer {
  ucs2Slice(start: number, end: number): string;
  latin1Write(text: string, offset: number, length: number): number;
  ucs2Write(text: string, offset: number, length: number): number;
}

export class RecordPages {
  /** Complete pages beyond a few go to a temporary file (page-file.ts). */
  protected readonly pages: PageFile;
  /** Records are written straight into the last page: `start` is where the record being written begins, `n` where the next byte goes. */
  protected out: RawBuffer = Buffer.alloc(0) as RawBuffer;
  protected start = 0;
  protected n = 0;
  /** Reading: the page and position. */
  protected buf: Buffer = Buffer.alloc(0);
  protected pos = 0;
  /** The page `buf` is (-1: none; a page left memory may have lent its buffer to another). */
  protected bufPage = -1;
  /** Bytes of records written (for tests and benchmarks). */
  bytes = 0;
  private readonly pageBytes: number;

  /** `ordered`: a list read in order (stored-list.ts), which needs few pages in memory; records are read in any order. */
  constructor(use: 'records' | 'ordered') {
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
    this.buf = Buffer.alloc(0);
  }

  // --- writing

  /** The record just written: its address; the page is taken up to its end. */
  protected place(): number {
    const at = (this.pages.length - 1) * PAGE_SPAN + this.start;
    this.bytes += this.n - this.start;
    // A page made larger than the address span for one big record holds nothing else.
    if (this.out.length > PAGE_SPAN) this.n = this.out.length;
    return at;
  }
  protected byte(b: number): void {
    this.room(1);
    this.out[this.n++] = b;
  }
  protected varint(v: number): void {
    this.room(5);
    while (v >= 0x80) {
      this.out[this.n++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.out[this.n++] = v;
  }
  protected zigzag(v: number): void {
    this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  }
  /** Makes room for `bytes` more: when the page is full, the record written so far moves to a new one. */
  protected room(bytes: number): void {
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

  /** Makes the page of address `at` the reader's (`buf`); returns `at`'s place in it. */
  protected pageOf(at: number): number {
    const page = at < 0x80000000 ? (at / PAGE_SPAN) | 0 : Math.floor(at / PAGE_SPAN);
    if (page !== this.bufPage) {
      this.buf = this.pages.get(page);
      this.bufPage = page;
    }
    // A small integer: the reader's position stays one (see `reachedAt`).
    return (at - page * PAGE_SPAN) | 0;
  }
  protected readVarint(): number {
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
  protected readZigzag(): number {
    const v = this.readVarint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }}

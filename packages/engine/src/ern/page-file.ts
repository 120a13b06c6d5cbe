/**
 * The pages of a record store (record-store.ts) or of the path table's rows (xml/path-table.ts),
 * kept within a budget of pages in memory per store: a page is complete once the store moves on to
 * the next one, and from then on it never changes (a record assigned again is written anew). When
 * a complete page is one too many, the least recently read leaves memory, written first to a
 * temporary file of the store's own; read again, it comes back from the file (the operating
 * system's cache usually still has it) and another leaves. A 1 GB message keeps about 200 MB of
 * records: with the budget, its model takes little more memory than a small one, like sort(1)
 * spilling a large input to disk. A store within its budget makes no file.
 *
 * The temporary file is unlinked as soon as it is opened (it has no name while the store lives,
 * and nothing is left behind if the process dies), and closed when the store is collected. If it
 * cannot be opened or written (no temporary directory, a full disk), the pages stay in memory:
 * the run takes more memory but goes on.
 */
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Complete pages a store keeps in memory (its budget); tests lower it. */
export const RESIDENT_PAGES = { records: 8, ordered: 2, rows: 8, locs: 32 };

/** Files of stores no longer reachable, closed when the collector takes their store. */
const closer = new FinalizationRegistry<{ fd: number; named: string | null }>((file) => closeFile(file));
let nextId = 0;

function closeFile(file: { fd: number; named: string | null }): void {
  try {
    closeSync(file.fd);
    if (file.named) unlinkSync(file.named);
  } catch {
    // Closed already, or removed.
  }
}

export class PageFile {
  private readonly pages: (Buffer | null)[] = [];
  /** Where page `i` is in the file (-1 while it is only in memory), and its bytes used. */
  private readonly fileAt: number[] = [];
  private readonly used: number[] = [];
  /** Complete pages in memory, and when each was last asked for. */
  private readonly resident: number[] = [];
  private readonly lastUse: number[] = [];
  private clock = 0;
  private file: { fd: number; named: string | null } | null = null;
  private fileBytes = 0;
  /** True once the file could not be opened or written: pages stay in memory from then on. */
  private inMemory = false;
  private readonly token = {};
  /** Pages read back from the file. */
  private reads = 0;

  /** `keep`: complete pages kept in memory. */
  constructor(
    private readonly pageBytes: number,
    private keep: number,
  ) {}

  /**
   * Keeps at most `keep` complete pages in memory from now on, sending the least recently read of
   * the others to the file now (a model whose rules are done is read in order by the report, and a
   * batch keeps every message's model until then).
   */
  shrink(keep: number): void {
    if (keep >= this.keep || this.inMemory) return;
    this.keep = keep;
    while (this.resident.length > keep) if (this.evict(-1) === undefined) return;
  }

  get length(): number {
    return this.pages.length;
  }

  /** Pages, pages in memory, and bytes written to the file (for tests and benchmarks). */
  stats(): { pages: number; inMemory: number; fileBytes: number; reads: number } {
    return { pages: this.pages.length, inMemory: this.pages.filter((p) => p !== null).length, fileBytes: this.fileBytes, reads: this.reads };
  }

  /** Starts a new page of at least `bytes`; the page before it, `usedBefore` bytes long, is complete. */
  add(bytes: number, usedBefore: number): Buffer {
    const last = this.pages.length - 1;
    let page: Buffer | null = null;
    if (last >= 0) {
      this.used[last] = usedBefore;
      page = this.admit(last, bytes);
    }
    if (page === null || page.length < bytes) page = Buffer.allocUnsafeSlow(bytes);
    this.pages.push(page);
    this.fileAt.push(-1);
    this.used.push(0);
    return page;
  }

  /** Page `i`, read back from the file if it left memory. */
  get(i: number): Buffer {
    const page = this.pages[i];
    if (page !== null) {
      this.lastUse[i] = ++this.clock;
      return page;
    }
    const bytes = this.used[i];
    this.reads++;
    let into = this.admit(i, bytes);
    if (into === null || into.length < bytes) into = Buffer.allocUnsafeSlow(Math.max(bytes, this.pageBytes));
    const fd = this.file!.fd;
    let read = 0;
    while (read < bytes) {
      const n = readSync(fd, into, read, bytes - read, this.fileAt[i] + read);
      if (n === 0) throw new Error(`the record store's temporary file ended at page ${i}`);
      read += n;
    }
    this.pages[i] = into;
    return into;
  }

  /**
   * Counts page `i` among the resident ones; when that is one too many, evicts the least recently
   * used and returns its buffer to reuse. A page is written to the file when it first leaves (a
   * store within its budget never makes a file); when it cannot be, nothing leaves from then on.
   */
  private admit(i: number, bytes: number): Buffer | null {
    this.resident.push(i);
    this.lastUse[i] = ++this.clock;
    if (this.resident.length <= this.keep || this.inMemory) return null;
    const buffer = this.evict(i);
    return buffer && buffer.length >= bytes && buffer.length === this.pageBytes ? buffer : null;
  }

  /**
   * Sends the least recently read resident page other than `except` to the file (when it is not
   * there yet) and out of memory; returns its buffer to reuse, or undefined when it could not be
   * written (it stays, and nothing leaves from then on).
   */
  private evict(except: number): Buffer | null | undefined {
    let oldest = -1;
    for (let k = 0; k < this.resident.length; k++) {
      const p = this.resident[k];
      if (p !== except && (oldest < 0 || this.lastUse[p] < this.lastUse[this.resident[oldest]])) oldest = k;
    }
    const gone = this.resident[oldest];
    if (this.fileAt[gone] < 0 && !this.writeOut(gone, this.used[gone])) return undefined;
    this.resident[oldest] = this.resident[this.resident.length - 1];
    this.resident.pop();
    const buffer = this.pages[gone];
    this.pages[gone] = null;
    return buffer;
  }

  private writeOut(i: number, usedBytes: number): boolean {
    try {
      const fd = (this.file ??= this.open()).fd;
      const page = this.pages[i]!;
      let written = 0;
      while (written < usedBytes) written += writeSync(fd, page, written, usedBytes - written, this.fileBytes + written);
      this.fileAt[i] = this.fileBytes;
      this.fileBytes += usedBytes;
      return true;
    } catch {
      this.inMemory = true;
      return false;
    }
  }

  private open(): { fd: number; named: string | null } {
    const name = path.join(os.tmpdir(), `ddex-check-${process.pid}-${nextId++}-${Math.random().toString(36).slice(2)}.pages`);
    const file = { fd: openSync(name, 'wx+', 0o600), named: null as string | null };
    try {
      unlinkSync(name);
    } catch {
      // Where an open file cannot be unlinked, it goes when the store is closed.
      file.named = name;
    }
    closer.register(this, file, this.token);
    return file;
  }

  /** Closes the file now (the collector would otherwise, later) and lets go of the pages. */
  close(): void {
    this.pages.fill(null);
    this.resident.length = 0;
    if (!this.file) return;
    closer.unregister(this.token);
    closeFile(this.file);
    this.file = null;
  }
}

/**
 * Rows of a few int32 numbers in pages of a PageFile (the path table's rows, the location table's
 * locations): taken one at a time, each page when the last one is full (never copied), and read
 * back by number. A caller writes row `n`'s fields into `tail` at `offset(n)` right after `take`,
 * and reads them from `pageOf(n)` at the same offset.
 */
export class Int32Pages {
  private readonly file: PageFile;
  private readonly mask: number;
  private readonly ints: number;
  /** The page rows are added to. */
  tail: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** Rows taken. */
  count = 0;
  /** The page read last, and the buffer it was read from (a page that left memory lends its buffer to another). */
  private readPage = -1;
  private readBuffer: Buffer | null = null;
  private readRows: Int32Array<ArrayBufferLike> = new Int32Array(0);

  constructor(
    private readonly pageBits: number,
    private readonly fields: number,
    keep: number,
  ) {
    this.mask = (1 << pageBits) - 1;
    this.ints = (1 << pageBits) * fields;
    this.file = new PageFile(this.ints * 4, keep);
  }

  /** Keeps at most `keep` complete pages in memory from now on (`PageFile.shrink`). */
  shrink(keep: number): void {
    this.file.shrink(keep);
  }

  /** The next row's number; its page is `tail`. */
  take(): number {
    const row = this.count++;
    if ((row & this.mask) === 0) {
      const buffer = this.file.add(this.ints * 4, this.ints * 4);
      this.tail = new Int32Array(buffer.buffer, buffer.byteOffset, this.ints);
      this.readPage = -1;
    }
    return row;
  }

  /** Where row `row`'s fields start in its page. */
  offset(row: number): number {
    return (row & this.mask) * this.fields;
  }

  /** The page holding row `row`, read back from the file if it left memory. */
  pageOf(row: number): Int32Array<ArrayBufferLike> {
    const i = row >>> this.pageBits;
    if (i === this.file.length - 1) return this.tail;
    const buffer = this.file.get(i);
    if (i !== this.readPage || buffer !== this.readBuffer) {
      this.readPage = i;
      this.readBuffer = buffer;
      this.readRows = new Int32Array(buffer.buffer, buffer.byteOffset, this.ints);
    }
    return this.readRows;
  }
}

/**
 * A tokenizer over the bytes of a UTF-8 message, for the common case: elements, attributes,
 * character data and the five predefined entities and character references, all of it well-formed.
 * It reads the bytes where saxes first decodes them into a string and then reads that string
 * character by character, and it makes a string only of what the events carry (names once, text
 * that is not indentation, attribute values).
 *
 * It is a fast path, not a second parser: anything else (a comment, a CDATA section, a processing
 * instruction, a DOCTYPE, a control character, an undeclared prefix, a
 * mismatched end tag, anything past the root's end, the end of the message) stops it at the start
 * of the token it was reading, and saxes reads the rest (event-encoder.ts hands it over, with
 * saxes primed to the same open elements, namespaces, line and column). So every error, and every
 * construct this file does not know, is saxes' own; `byte-scanner.test.ts` compares every event,
 * position and error with saxes' on every sample, split at random, and on mutated messages.
 */
import { isUtf8 } from 'node:buffer';
import { latin1Text, wholeUtf8 } from './decode.js';

/** Where the scanner's events go (the encoder's op writers). */
export interface ScanSink {
  /** An element opens; `attrs` holds name, value pairs (namespace declarations included, as written). False: refused (too deep), hand over before it. */
  open(local: string, uri: string, line: number, column: number, attrs: readonly string[], attrCount: number): boolean;
  /** True when character data of only whitespace is dropped at this point (outside the root, between child elements). */
  dropsWhitespace(): boolean;
  text(text: string): void;
  close(): void;
}

/** What saxes needs to go on where the scanner stopped. */
export interface Handover {
  /**
   * The bytes from where the scanner stopped (the start of a token) to the end of what it was given,
   * in the pieces saxes' decoder must see them: bytes carried over from earlier chunks apart from a
   * new chunk that is not valid UTF-8, so that the error comes after the carried bytes, as it
   * would have had saxes read every chunk.
   */
  rest: Uint8Array[];
  /** True when nothing was read yet (no event): saxes starts from the message's first byte, and `rest` is every byte so far. */
  fromStart: boolean;
  /** The open elements, outermost first: qualified name and namespace declarations as written (` xmlns:a="…"`). */
  open: { qname: string; declarations: string }[];
  /** The root element, when it closed already (`open` is empty then). */
  closedRoot: { qname: string; declarations: string } | null;
  /** saxes' line and column at that point (column: characters read on the line). */
  line: number;
  column: number;
}

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const EQ = 0x3d;
const QUOT = 0x22;
const APOS = 0x27;
const COLON = 0x3a;
const SPACE = 0x20;
const TAB = 0x09;
const NL = 0x0a;
const CR = 0x0d;
const RBRACKET = 0x5d;
const HASH = 0x23;

/** Attributes of a tag the scanner reads at most. */
const MAX_ATTRIBUTES = 32;
/** Slots of the name cache (a power of two; a message has a few hundred names). */
const NAME_CACHE = 4096;
const EMPTY_SCOPE: ReadonlyMap<string, string> = new Map();

/** Past this many bytes carried over between chunks (one token: a huge text), saxes takes over, so no token is scanned again and again. */
const MAX_CARRY = 1 << 20;

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** 1: an ASCII byte allowed in a name after its first character; 2: also as its first. */
const NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === COLON) NAME[c] = 2;
  else if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e) NAME[c] = 1;
}

/** 1: a byte of character data with nothing to do (printable ASCII but space, `<`, `&` and `]`). */
const PLAIN_TEXT = new Uint8Array(256);
for (let c = 0x21; c < 0x7f; c++) if (c !== LT && c !== AMP && c !== RBRACKET) PLAIN_TEXT[c] = 1;
/** Four spaces read as one little-endian word. */
const FOUR_SPACES = 0x20202020;
/** Indentation (a line end and spaces) kept as text, by its length: made once each, up to this length. */
const MAX_INDENT = 128;
const INDENTS: (string | undefined)[] = [];

/** The predefined entities, by name. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Returned instead of a position: the token runs past the bytes at hand (INCOMPLETE), or saxes must read it (UNKNOWN). */
const INCOMPLETE = -1;
const UNKNOWN = -2;

/** A name met in a tag: interned once, with its bytes and what came after it last time. */
interface NameEntry {
  name: string;
  /** Its bytes (ASCII): a tag's or an end tag's name is compared with them (two typed arrays compare faster than a string's characters with bytes). */
  bytes: Uint8Array;
  /** Its bytes four at a time (little-endian), compared with the message's read the same way (`sameBytes`). */
  words: Uint32Array;
  /**
   * The element that followed an element of this name, as its next sibling, last time, and the
   * first child of one: documents repeat their sequences, so the next tag's name is usually
   * this guess, checked in one reading of its bytes instead of hashed and then compared.
   */
  after: NameEntry | null;
  firstChild: NameEntry | null;
  /** No colon in the name: no prefix to resolve. */
  plain: boolean;
}

interface OpenFrame {
  qname: string;
  /** The entry of `qname`, whose bytes its end tag is compared with. */
  entry: NameEntry;
  declarations: string;
  /** Namespace bindings in scope below this element (its own over its parent's). */
  ns: ReadonlyMap<string, string>;
  /** The default namespace in scope. */
  uri: string;
}

type RawBuffer = Buffer & { latin1Slice(start: number, end: number): string; utf8Slice(start: number, end: number): string };

export class ByteScanner {
  private buf: RawBuffer = Buffer.alloc(0) as RawBuffer;
  /** Next byte to read in `buf`. */
  private p = 0;
  private line = 1;
  /** Where the current line starts in `buf` (may be negative: it started in an earlier chunk), and continuation bytes of UTF-8 since it started. */
  private lineStart = 0;
  private continuation = 0;
  /** The open elements' frames (reused by depth: no object per element); `depth` of them are open. */
  private readonly frames: OpenFrame[] = [];
  private depth = 0;
  /** The element that closed last (the root, when none is open). */
  private closedQname = '';
  private closedDeclarations = '';
  private started = false;
  /** Everything read so far while no event was sent (the prolog): the start over, for saxes. */
  private prolog: Buffer[] | null = [];
  /** Every name met, interned. */
  private readonly names = new Map<string, NameEntry>();
  /**
   * Names by a hash of their bytes (see `string`), a slot checked against the bytes; the hash of
   * the last name `name` read, and the entry of the last name `string` gave.
   */
  private readonly nameCache: (NameEntry | undefined)[] = new Array<NameEntry | undefined>(NAME_CACHE).fill(undefined);
  private nameHash = 0;
  private lastEntry: NameEntry = { name: '', bytes: new Uint8Array(0), words: new Uint32Array(0), after: null, firstChild: null, plain: true };
  /** `buf` read four bytes at a time. */
  private view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
  /** The element opened last at each depth below the open one there (null: none yet), for the guess of the next name (NameEntry.after). */
  private readonly lastOpened: (NameEntry | null)[] = [null];
  /** An element's name once resolved (`resolve`). */
  private local = '';
  private uri = '';
  /** Bytes read to their end (tests and benchmarks: how much of a message went the fast way). */
  read = 0;
  /** Scratch for an element's attributes (name, value pairs), as written: counted, not cut. */
  private readonly attrs: string[] = [];
  private attrCount = 0;
  private readonly rawAttrs: string[] = [];
  private rawCount = 0;

  constructor(private readonly sink: ScanSink) {}

  /**
   * Reads `chunk`; returns null to go on, or the hand-over when saxes must read the rest (from
   * then on, the caller gives saxes every byte).
   */
  write(chunk: Uint8Array, carriedIn = 0): Handover | null {
    const carried = this.buf.length - this.p;
    if (carriedIn !== 0 && carriedIn !== carried) throw new Error(`the chunk starts with ${carriedIn} carried bytes; the scanner carries ${carried}`);
    const incoming = Buffer.from(chunk.buffer, chunk.byteOffset + carriedIn, chunk.byteLength - carriedIn);
    if (this.prolog) this.prolog.push(Buffer.from(incoming));
    if (carriedIn !== 0) {
      // The caller read the chunk after a copy of the carried bytes (`carry`): nothing to join.
      this.buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) as RawBuffer;
      this.lineStart -= this.p;
    } else if (carried > 0) {
      this.buf = Buffer.concat([this.buf.subarray(this.p), incoming]) as RawBuffer;
      this.lineStart -= this.p;
    } else {
      this.lineStart -= this.buf.length;
      this.buf = incoming as RawBuffer;
    }
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    this.p = 0;
    if (!this.started) {
      this.started = true;
      const start = this.prologEnd();
      if (start < 0) return start === INCOMPLETE && this.buf.length < 4096 ? this.waitForMore() : this.fromStart();
    }
    // A chunk that is not valid UTF-8 (or ends inside a character: the next token start waits anyway) is saxes' (and its decoder's) to judge.
    if (!isUtf8(this.buf.subarray(this.p, wholeUtf8(this.buf)))) {
      const handover = this.handOver();
      // The carried bytes are the start of the joined buffer: cut out only on this path, not copied on every chunk.
      if (!handover.fromStart && carried > 0) handover.rest = [this.buf.subarray(0, carried), incoming];
      return handover;
    }
    return this.scan();
  }

  /**
   * The bytes of the token the last chunk ended in, which the next chunk's `write` would join to
   * it (null: none, or the scanner reads from the start again). A caller that reads the next chunk
   * into a buffer of its own can copy them to its start and pass their count as `carriedIn`, so that
   * only they are copied, not the whole chunk (a 1 GB message is read in 4,000 chunks of 256 KiB).
   * The view lives until the next `write`.
   */
  carry(): Uint8Array | null {
    return this.prolog === null && this.p < this.buf.length ? this.buf.subarray(this.p) : null;
  }

  /** The message ends: saxes finishes it (an end inside the root is its error to give). */
  end(): Handover {
    return this.prolog ? this.fromStart() : this.handOver();
  }

  // --- prolog

  /** Reads an optional UTF-8 BOM, a plain XML declaration and whitespace up to the root's `<`; INCOMPLETE or UNKNOWN otherwise. */
  private prologEnd(): number {
    const b = this.buf;
    let p = 0;
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) p = 3;
    if (b.length - p < 6) return INCOMPLETE;
    if (b[p] === LT && b[p + 1] === 0x3f) {
      const close = b.indexOf('?>', p);
      if (close < 0) return INCOMPLETE;
      const decl = b.latin1Slice(p, close + 2);
      if (!/^<\?xml version=(["'])1\.0\1(?: encoding=(["'])(?:UTF-8|utf-8)\2)?(?: standalone=(["'])(?:yes|no)\3)? ?\?>$/.test(decl)) return UNKNOWN;
      p = close + 2;
    }
    // The BOM is not a character saxes sees (the decoder drops it); the declaration's characters are on line 1.
    this.lineStart = b[0] === 0xef ? 3 : 0;
    for (; p < b.length; p++) {
      const c = b[p];
      if (c === NL || c === CR) {
        if (c === CR) {
          if (p + 1 >= b.length) return INCOMPLETE;
          if (b[p + 1] === NL) p++;
        }
        this.line++;
        this.lineStart = p + 1;
      } else if (c !== SPACE && c !== TAB) break;
    }
    if (p >= b.length) return INCOMPLETE;
    if (b[p] !== LT || p + 1 >= b.length || b[p + 1] >= 0x80 || NAME[b[p + 1]] !== 2) return UNKNOWN;
    this.p = p;
    return p;
  }

  /** The first chunk is too short to know: keep it all and wait. */
  private waitForMore(): null {
    this.started = false;
    this.p = 0;
    this.line = 1;
    this.lineStart = 0;
    return null;
  }

  // --- the body

  private scan(): Handover | null {
    const b = this.buf;
    const end = b.length;
    for (;;) {
      const token = this.p;
      if (token >= end) return null;
      const tokenLine = this.line;
      const tokenLineStart = this.lineStart;
      const tokenContinuation = this.continuation;
      const next = b[token] === LT ? this.tag(token, end) : this.text(token, end);
      if (next >= 0) {
        this.read += next - token;
        this.p = next;
        if (this.depth === 0) {
          // The root closed: what may follow (whitespace, comments) is saxes'.
          return this.handOver();
        }
        continue;
      }
      // Back to the token's start: carried over to the next chunk, or handed over from there.
      this.line = tokenLine;
      this.lineStart = tokenLineStart;
      this.continuation = tokenContinuation;
      this.p = token;
      if (next === INCOMPLETE && end - token <= MAX_CARRY) return null;
      return this.handOver();
    }
  }

  /** Character data from `p` up to the next `<`: the position after it (the `<`), or INCOMPLETE / UNKNOWN. */
  private text(p: number, end: number): number {
    const b = this.buf;
    // Indentation between tags (a line end, spaces or tabs, a tag), the commonest text of a message written
    // indented: one compare a byte. Anything else, or indentation a listener keeps, goes the whole way below.
    if (b[p] === NL) {
      let q = p + 1;
      // Four spaces at a time first (indentation is mostly spaces), then one byte at a time.
      const view = this.view;
      while (q + 4 <= end && view.getUint32(q, true) === FOUR_SPACES) q += 4;
      let spaces = true;
      while (q < end && (b[q] === SPACE || b[q] === TAB)) {
        if (b[q] === TAB) spaces = false;
        q++;
      }
      if (q < end && b[q] === LT) {
        const dropped = this.sink.dropsWhitespace();
        if (dropped || (spaces && q - p <= MAX_INDENT)) {
          this.line++;
          this.lineStart = p + 1;
          this.continuation = 0;
          // Kept: the indentation before an element's first child (a third of a catalog's text events), one string per length.
          if (!dropped) this.sink.text((INDENTS[q - p] ??= '\n' + ' '.repeat(q - p - 1)));
          return q;
        }
      }
    }
    const start = p;
    let plain = true;
    let blank = true;
    let pieces: string | null = null;
    let from = p;
    for (; p < end; p++) {
      const c = b[p];
      // Most bytes of a text: printable ASCII that needs nothing done.
      if (PLAIN_TEXT[c] === 1) {
        blank = false;
        continue;
      }
      if (c >= SPACE && c < 0x80) {
        if (c === LT) break;
        if (c === AMP) {
          const decoded = this.reference(p, end);
          if (typeof decoded === 'number') return decoded;
          pieces = (pieces ?? '') + (plain ? b.latin1Slice(from, p) : b.utf8Slice(from, p)) + decoded[0];
          blank = false;
          p = decoded[1] - 1;
          from = decoded[1];
          continue;
        }
        if (c === RBRACKET && b[p + 1] === RBRACKET && (p + 2 >= end || b[p + 2] === GT)) return p + 2 >= end ? INCOMPLETE : UNKNOWN;
        if (c !== SPACE) blank = false;
      } else if (c === NL) {
        this.line++;
        this.lineStart = p + 1;
        this.continuation = 0;
      } else if (c === CR) {
        // A line end written CR LF or CR: one newline in the text, one line (saxes waits for the byte after a CR).
        if (p + 1 >= end) return INCOMPLETE;
        pieces = (pieces ?? '') + (plain ? b.latin1Slice(from, p) : b.utf8Slice(from, p)) + '\n';
        if (b[p + 1] === NL) p++;
        from = p + 1;
        this.line++;
        this.lineStart = p + 1;
        this.continuation = 0;
      } else if (c === TAB) {
        // whitespace
      } else if (c >= 0x80) {
        blank = false;
        plain = false;
        if (c < 0xc0) this.continuation++;
        else if (c === 0xef && b[p + 1] === 0xbf && (b[p + 2] === 0xbe || b[p + 2] === 0xbf)) return UNKNOWN; // U+FFFE, U+FFFF
      } else return UNKNOWN; // control characters
    }
    if (p >= end) return INCOMPLETE;
    if (p === start) return p;
    if (blank && this.sink.dropsWhitespace()) return p;
    const last = plain ? latin1Text(b, from, p) : b.utf8Slice(from, p);
    this.sink.text(pieces === null ? last : pieces + last);
    return p;
  }

  /** `&…;` at `p`: the character and the position after it, or INCOMPLETE / UNKNOWN (an entity saxes must judge). */
  private reference(p: number, end: number): [string, number] | number {
    const b = this.buf;
    const semi = b.indexOf(0x3b, p + 1);
    if (semi < 0 || semi >= end) return end - p > 12 ? UNKNOWN : INCOMPLETE;
    if (semi - p > 12) return UNKNOWN;
    const name = b.latin1Slice(p + 1, semi);
    let char: string | undefined;
    if (b[p + 1] === HASH) {
      const code = /^#[0-9]{1,7}$/.test(name) ? Number(name.slice(1)) : /^#x[0-9a-fA-F]{1,6}$/.test(name) ? parseInt(name.slice(2), 16) : -1;
      // XML 1.0 characters only, no CR (saxes keeps a referenced CR as it is; let it).
      if (code === 0x9 || code === 0xa || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)) char = String.fromCodePoint(code);
    } else char = ENTITIES[name];
    return char === undefined ? UNKNOWN : [char, semi + 1];
  }

  /** A tag at `p` (`<`): the position after it, or INCOMPLETE / UNKNOWN. */
  private tag(p: number, end: number): number {
    const b = this.buf;
    if (p + 1 >= end) return INCOMPLETE;
    const first = b[p + 1];
    if (first === SLASH) return this.endTag(p, end);
    if (first >= 0x80 || NAME[first] !== 2) return UNKNOWN;
    const column = p - this.lineStart - this.continuation;
    let line = this.line;
    const depth = this.depth;
    const previous = this.lastOpened[depth] ?? null;
    const guess = previous !== null ? previous.after : depth > 0 ? this.frames[depth - 1].entry.firstChild : null;
    let q = guess === null ? -1 : this.guessed(guess, p + 1, end);
    let entry: NameEntry;
    if (q >= 0) entry = guess!;
    else {
      q = this.name(p + 1, end);
      if (q < 0) return q;
      this.string(p + 1, q, this.nameHash);
      entry = this.lastEntry;
    }
    const qname = entry.name;
    // saxes takes the tag's position after the character that ends its name: a newline there moves it to the next line.
    let tagColumn = column + 1;
    if (b[q] === NL || b[q] === CR) {
      line++;
      tagColumn = 1;
    }
    const raw = this.rawAttrs;
    let count = 0;
    let selfClosing = false;
    for (;;) {
      const before = q;
      q = this.space(q, end);
      if (q >= end) return INCOMPLETE;
      const c = b[q];
      if (c === GT) {
        q++;
        break;
      }
      if (c === SLASH) {
        if (q + 1 >= end) return INCOMPLETE;
        if (b[q + 1] !== GT) return UNKNOWN;
        selfClosing = true;
        q += 2;
        break;
      }
      // An attribute, after whitespace.
      if (q === before || c >= 0x80 || NAME[c] !== 2) return UNKNOWN;
      const nameEnd = this.name(q, end);
      if (nameEnd < 0) return nameEnd;
      const name = this.string(q, nameEnd, this.nameHash);
      q = this.space(nameEnd, end);
      if (q >= end) return INCOMPLETE;
      if (b[q] !== EQ) return UNKNOWN;
      q = this.space(q + 1, end);
      if (q >= end) return INCOMPLETE;
      const quote = b[q];
      if (quote !== QUOT && quote !== APOS) return UNKNOWN;
      const value = this.attributeValue(q + 1, end, quote);
      if (typeof value === 'number') return value;
      // Past a few dozen attributes (none in ERN), saxes reads the tag: the duplicate checks here compare every pair.
      if (count === 2 * MAX_ATTRIBUTES) return UNKNOWN;
      raw[count++] = name;
      raw[count++] = value[0];
      q = value[1];
    }
    this.rawCount = count;
    // Every check passed and the tag is complete: from here on, nothing goes back.
    if (!this.element(qname, entry)) return UNKNOWN;
    if (!this.sink.open(this.local, this.uri, line, tagColumn, this.attrs, this.attrCount)) {
      this.depth--;
      return UNKNOWN;
    }
    // What came after what, for the next guesses.
    if (previous !== null) previous.after = entry;
    else if (depth > 0) this.frames[depth - 1].entry.firstChild = entry;
    this.lastOpened[depth] = entry;
    this.lastOpened[depth + 1] = null;
    if (this.prolog) this.prolog = null;
    if (selfClosing) this.pop();
    return q;
  }

  /** The innermost element closes. */
  private pop(): void {
    const frame = this.frames[--this.depth];
    this.closedQname = frame.qname;
    this.closedDeclarations = frame.declarations;
    this.sink.close();
  }

  /** `</name S?>` at `p`: the position after it when it closes the open element, else INCOMPLETE / UNKNOWN. */
  private endTag(p: number, end: number): number {
    const b = this.buf;
    if (this.depth === 0) return UNKNOWN;
    // Compared with the open element's name byte by byte (its names are ASCII), then it must end there.
    const entry = this.frames[this.depth - 1].entry;
    const name = entry.bytes;
    const q = p + 2 + name.length;
    if (q < end) {
      if (!this.sameBytes(entry, p + 2)) return UNKNOWN;
    } else {
      // The bytes end inside the name: wait for more, unless what is there differs already.
      for (let at = p + 2; at < end; at++) if (name[at - p - 2] !== b[at]) return UNKNOWN;
      return INCOMPLETE;
    }
    if (b[q] < 0x80 && NAME[b[q]] !== 0) return UNKNOWN;
    const r = this.space(q, end);
    if (r >= end) return INCOMPLETE;
    if (b[r] !== GT) return UNKNOWN;
    this.pop();
    return r + 1;
  }

  /** ASCII name characters from `p`: where they end, INCOMPLETE at the end of the bytes, UNKNOWN on a non-ASCII byte. */
  private name(p: number, end: number): number {
    const b = this.buf;
    let h = 0x811c9dc5;
    for (; p < end; p++) {
      const c = b[p];
      if (c >= 0x80) return UNKNOWN;
      if (NAME[c] === 0) {
        this.nameHash = h;
        return p;
      }
      h = Math.imul(h ^ c, 0x01000193);
    }
    return INCOMPLETE;
  }

  /** Where the name `guess` ends when the bytes from `start` are that name (then a character that ends a name), else -1. */
  private guessed(guess: NameEntry, start: number, end: number): number {
    const after = start + guess.bytes.length;
    if (after >= end || !this.sameBytes(guess, start)) return -1;
    const c = this.buf[after];
    return c < 0x80 && NAME[c] === 0 ? after : -1;
  }

  /** Whether the bytes from `start` are `entry`'s name (all of them are in `buf`): four at a time, then one by one. */
  private sameBytes(entry: NameEntry, start: number): boolean {
    const words = entry.words;
    const view = this.view;
    let at = start;
    for (let i = 0; i < words.length; i++, at += 4) if (view.getUint32(at, true) !== words[i]) return false;
    const bytes = entry.bytes;
    const b = this.buf;
    for (let i = words.length * 4; i < bytes.length; i++, at++) if (bytes[i] !== b[at]) return false;
    return true;
  }

  /**
   * The name at `start..end` (ASCII; `hash` of its bytes, from `name`), interned: the same string
   * for every tag of a name (its entry: `lastEntry`). A cache slot by hash is checked byte by byte
   * before any string is made.
   */
  private string(start: number, end: number, hash: number): string {
    const b = this.buf;
    const slot = (hash ^ (hash >>> 15)) & (NAME_CACHE - 1);
    const known = this.nameCache[slot];
    if (known !== undefined && known.bytes.length === end - start) {
      const bytes = known.bytes;
      let i = 0;
      while (i < bytes.length && bytes[i] === b[start + i]) i++;
      if (i === bytes.length) {
        this.lastEntry = known;
        return known.name;
      }
    }
    const text = b.latin1Slice(start, end);
    let own = this.names.get(text);
    if (own === undefined) this.names.set(text, (own = nameEntry(text, b.subarray(start, end))));
    this.nameCache[slot] = own;
    this.lastEntry = own;
    return own.name;
  }

  /** Whitespace inside a tag (space, tab, line ends); `end` when the bytes end on a CR (its LF may follow). */
  private space(p: number, end: number): number {
    const b = this.buf;
    for (; p < end; p++) {
      const c = b[p];
      if (c === NL || c === CR) {
        if (c === CR) {
          if (p + 1 >= end) return end;
          if (b[p + 1] === NL) p++;
        }
        this.line++;
        this.lineStart = p + 1;
        this.continuation = 0;
      } else if (c !== SPACE && c !== TAB) break;
    }
    return p;
  }


  /** An attribute value after its opening quote: the value and the position after its closing quote. A tab or newline in it (normalized by saxes) is left to saxes. */
  private attributeValue(p: number, end: number, quote: number): [string, number] | number {
    const b = this.buf;
    let plain = true;
    let pieces: string | null = null;
    let from = p;
    for (; p < end; p++) {
      const c = b[p];
      if (c === quote) {
        const last = plain ? latin1Text(b, from, p) : b.utf8Slice(from, p);
        return [pieces === null ? last : pieces + last, p + 1];
      }
      if (c >= SPACE && c < 0x80) {
        if (c === LT) return UNKNOWN;
        if (c === AMP) {
          const decoded = this.reference(p, end);
          if (typeof decoded === 'number') return decoded;
          pieces = (pieces ?? '') + (plain ? b.latin1Slice(from, p) : b.utf8Slice(from, p)) + decoded[0];
          p = decoded[1] - 1;
          from = decoded[1];
        }
      } else if (c >= 0x80) {
        plain = false;
        if (c < 0xc0) this.continuation++;
        else if (c === 0xef && b[p + 1] === 0xbf && (b[p + 2] === 0xbe || b[p + 2] === 0xbf)) return UNKNOWN;
      } else return UNKNOWN;
    }
    return INCOMPLETE;
  }

  /**
   * Pushes the element's frame (its namespace scope) and resolves its name (`local`, `uri`) and
   * attributes (`attrs`, declarations included), as saxes does with `xmlns: true`. False when saxes
   * would complain (an unbound prefix, a reserved one declared, a duplicate): nothing is pushed.
   */
  private element(qname: string, entry: NameEntry): boolean {
    const parent = this.depth > 0 ? this.frames[this.depth - 1] : null;
    let ns = parent?.ns ?? EMPTY_SCOPE;
    let uri = parent?.uri ?? '';
    let declarations = '';
    const raw = this.rawAttrs;
    const count = this.rawCount;
    for (let i = 0; i < count; i += 2) {
      const name = raw[i];
      if (name === 'xmlns') {
        const value = raw[i + 1];
        if (value === XML_NS || value === XMLNS_NS) return false;
        uri = value;
      } else if (name.startsWith('xmlns:')) {
        const prefix = name.slice(6);
        const value = raw[i + 1];
        if (prefix === '' || prefix.includes(':') || prefix === 'xml' || prefix === 'xmlns' || value === '' || value === XML_NS || value === XMLNS_NS) return false;
        const own = ns === (parent?.ns ?? EMPTY_SCOPE) ? new Map(ns) : (ns as Map<string, string>);
        own.set(prefix, value);
        ns = own;
      } else continue;
      declarations += ` ${name}="${escapeAttribute(raw[i + 1])}"`;
    }
    // Attributes: no name twice, no expanded name twice (saxes checks both).
    const attrs = this.attrs;
    let kept = 0;
    for (let i = 0; i < count; i += 2) {
      const name = raw[i];
      for (let j = 0; j < i; j += 2) if (raw[j] === name) return false;
      if (name.includes(':') && !name.startsWith('xmlns:')) {
        if (!this.resolve(name, ns, '', false)) return false;
        const local = this.local;
        const space = this.uri;
        for (let j = 0; j < kept; j += 2) {
          const other = attrs[j];
          if (other.includes(':') && other.endsWith(':' + local) && this.resolve(other, ns, '', false) && this.uri === space) return false;
        }
      }
      attrs[kept++] = name;
      attrs[kept++] = raw[i + 1];
    }
    this.attrCount = kept;
    if (entry.plain) {
      // No prefix: the element is in the default namespace (most names of a message; `resolve` would search for a colon).
      this.local = qname;
      this.uri = uri;
    } else if (!this.resolve(qname, ns, uri, true)) return false;
    let frame = this.frames[this.depth];
    if (frame === undefined) this.frames.push((frame = { qname, entry, declarations, ns, uri }));
    else {
      frame.qname = qname;
      frame.entry = entry;
      frame.declarations = declarations;
      frame.ns = ns;
      frame.uri = uri;
    }
    this.depth++;
    return true;
  }

  /** Resolves `qname` in scope `ns` (default namespace `uri`) into `local` and `uri`; elements take the default namespace, attributes none. False when saxes would complain. */
  private resolve(qname: string, ns: ReadonlyMap<string, string>, uri: string, element: boolean): boolean {
    const colon = qname.indexOf(':');
    if (colon < 0) {
      this.local = qname;
      this.uri = element ? uri : '';
      return true;
    }
    if (colon === 0 || colon === qname.length - 1 || qname.indexOf(':', colon + 1) >= 0) return false;
    const prefix = qname.slice(0, colon);
    const local = qname.slice(colon + 1);
    if (NAME[local.charCodeAt(0)] !== 2) return false;
    let space: string | undefined;
    if (prefix === 'xml') space = XML_NS;
    else if (prefix === 'xmlns') space = element ? undefined : XMLNS_NS;
    else space = ns.get(prefix);
    if (space === undefined) return false;
    this.local = local;
    this.uri = space;
    return true;
  }

  // --- handing over

  private fromStart(): Handover {
    const rest = this.prolog ?? [this.buf];
    this.prolog = null;
    return { rest, fromStart: true, open: [], closedRoot: null, line: 1, column: 0 };
  }

  private handOver(): Handover {
    if (this.prolog) return this.fromStart();
    return {
      rest: [this.buf.subarray(this.p)],
      fromStart: false,
      open: this.frames.slice(0, this.depth).map(({ qname, declarations }) => ({ qname, declarations })),
      closedRoot: this.depth === 0 ? { qname: this.closedQname, declarations: this.closedDeclarations } : null,
      line: this.line,
      column: this.p - this.lineStart - this.continuation,
    };
  }
}

function nameEntry(name: string, bytes: Uint8Array): NameEntry {
  const own = new Uint8Array(bytes);
  const words = new Uint32Array(own.length >> 2);
  const view = new DataView(own.buffer);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(4 * i, true);
  return { name, bytes: own, words, after: null, firstChild: null, plain: !name.includes(':') };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/**
 * The events of a message, written as compact batches: one batch per chunk of bytes written,
 * an Int32Array of opcodes and operands plus the strings it refers to. The pass consumes batches
 * (pass.ts), whether they were encoded on its own thread or on the parse thread (parse-thread.ts):
 * one code path, so the two give the same events, errors and positions.
 *
 * Element, namespace and attribute names are interned: a batch lists only the names first seen in
 * it, and refers to every name by its number. Text and attribute values go to the batch's string
 * list. Indentation between child elements and text outside the root element are left out here
 * (no listener wants them), so they cost no message between threads.
 *
 * The bytes go to the byte scanner first (byte-scanner.ts), about twice as fast as saxes on a
 * catalog message; where it meets anything it does not read itself, saxes reads the rest, primed
 * to the scanner's open elements and position, and stays the reference for every error.
 */
import type { SaxesTagNS } from 'saxes';
import { FastSaxesParser } from './fast-saxes.js';
import { ByteScanner, type Handover, type ScanSink } from './byte-scanner.js';
import { MessageDecoder, EncodingError } from './decode.js';
import { grouped, isXmlWhitespace } from './events.js';

/** `OPEN name ns line column attributeCount (key value)*`: names by number, values by string index. */
export const OP_OPEN = 1;
/** `TEXT string`: character data or CDATA of the innermost open element. */
export const OP_TEXT = 2;
/** `CLOSE`: the innermost open element closes. */
export const OP_CLOSE = 3;
/** `FAIL kind message line column`: the message is not well-formed (or refused); nothing follows it. */
export const OP_FAIL = 4;

/** The kinds of OP_FAIL: its operand is the index in this list. */
export const FAIL_KINDS = ['doctype', 'syntax', 'encoding', 'depth', 'names'] as const;

/**
 * Deepest nesting read (libxml2's default limit). An ERN message nests about a dozen levels; saxes
 * resolves each element's namespace by walking every open element, so a hostile file of nothing
 * but nested tags (700 KB for 100,000 levels) would take minutes instead of being refused.
 */
export const MAX_DEPTH = 256;

/**
 * Most different names read: element and attribute names and namespaces, each interned once (the
 * encoder's table, and the pass's path table and trie on the other side). ERN's schemas name 653
 * elements and 72 attributes over all their versions; a hostile file of a few MB naming every
 * element differently would otherwise hold hundreds of MB.
 */
export const MAX_NAMES = 10_000;

/** Thrown inside saxes' event to stop it in the middle of a chunk (the failure is recorded first). */
class Stop extends Error {}
export type EncodedFailKind = (typeof FAIL_KINDS)[number];

export interface EventBatch {
  ops: Int32Array;
  /** Number of ints of `ops` in use. */
  length: number;
  /** Strings referred to by TEXT, attribute values and FAIL messages. */
  strings: string[];
  /** Names seen for the first time in this batch; their numbers continue the previous batches'. */
  names: string[];
  /** Elements opened in this batch. */
  elements: number;
  /**
   * True when `strings` share no memory with a larger string (the parse thread cuts each out of
   * its buffer on its own); false when they may be slices of saxes' input chunk, which a listener
   * keeping one would keep alive whole.
   */
  owned: boolean;
}

export class EventEncoder {
  private readonly parser = new FastSaxesParser({ xmlns: true, position: true });
  private decoder = new MessageDecoder();
  /** The bytes' fast path (byte-scanner.ts) until it hands the message over to saxes; null from then on. */
  private scanner: ByteScanner | null;
  /** Bytes the scanner read before saxes took over (tests and benchmarks). */
  scanned = 0;
  /** True while saxes is primed to the scanner's open elements: its events are not the message's. */
  private priming = false;
  /** True when the batch holds a string of saxes' (maybe a slice of its input chunk), see EventBatch.owned. */
  private sliced = false;
  private ops = new Int32Array(1 << 14);
  private n = 0;
  private strings: string[] = [];
  private names: string[] = [];
  private elements = 0;
  private readonly nameIds = new Map<string, number>();
  /** Names (numbers) of the open elements, and whether each has had a child element. */
  private readonly open: number[] = [];
  private readonly withChildren: boolean[] = [];
  private readonly allNames: string[] = [];
  private lastUri: string | null = null;
  private lastUriId = 0;
  /**
   * The name expected after each name (the next sibling last time, or the first child when the
   * previous event opened its parent): documents repeat their sequences, so one string compare
   * usually replaces a hash lookup.
   */
  private readonly after: number[] = [];
  private readonly firstChild: number[] = [];
  /** The name of the last element opened at each depth (-1: none yet under the open parent). */
  private readonly lastOpened: number[] = [-1];
  private readonly saxesAttrs: string[] = [];
  private tagLine = 1;
  private tagColumn = 1;
  private atEnd = false;
  /** Set by the first failure: no chunk is parsed after the one that failed. */
  stopped = false;

  /** Element and attribute names by number, as the batches' `names` give them (it only grows): interned, never slices of the input. */
  get nameTable(): readonly string[] {
    return this.allNames;
  }

  /**
   * @param copyNames copies every new name out of saxes' chunk (on the pass's own thread; a thread's messages copy anyway).
   * @param fast read the bytes with the byte scanner first (default); false: saxes from the first byte (the reference, for tests).
   */
  constructor(
    private readonly copyNames: (name: string) => string = (name) => name,
    fast = true,
  ) {
    this.scanner = fast ? new ByteScanner(this.sink()) : null;
    this.sliced = !fast;
    const parser = this.parser;
    parser.on('doctype', (doctype) => {
      if (/<!ENTITY/i.test(doctype)) {
        this.fail('doctype', 'the DOCTYPE declares entities; entity declarations are refused (no XXE, no entity expansion)');
      } else if (/\b(SYSTEM|PUBLIC)\b/.test(doctype)) {
        this.fail('doctype', 'the DOCTYPE points at an external DTD; external DTDs are never fetched and are refused');
      }
    });
    parser.on('opentagstart', (tag) => {
      const column = parser.column - tag.name.length - 1;
      this.tagLine = parser.line;
      this.tagColumn = column >= 1 ? column : 1;
    });
    parser.on('opentag', (tag: SaxesTagNS) => {
      if (this.priming) return;
      this.sliced = true;
      this.onOpen(tag);
    });
    parser.on('text', (text) => {
      this.sliced = true;
      this.onText(text);
    });
    parser.on('cdata', (text) => {
      this.sliced = true;
      this.onText(text);
    });
    parser.on('closetag', () => {
      if (!this.priming) this.onClose();
    });
    parser.on('error', (error) => {
      const open = this.open.length > 0 ? this.allNames[this.open[this.open.length - 1]] : null;
      const message = this.atEnd && open ? `the file ends before <${open}> is closed (truncated?): ${cleanSaxesMessage(error.message)}` : cleanSaxesMessage(error.message);
      this.fail('syntax', message);
    });
  }

  /**
   * Parses one chunk of bytes and returns the events it completed. `carriedIn`: the chunk starts
   * with a copy of the bytes `carry` gave, that many (the scanner joins nothing).
   */
  write(chunk: Uint8Array, carriedIn = 0): EventBatch {
    if (this.scanner) {
      const handover = this.scanner.write(chunk, carriedIn);
      if (handover) this.handOver(handover);
    } else this.parse(carriedIn === 0 ? chunk : chunk.subarray(carriedIn));
    return this.take();
  }

  /** The bytes the next chunk continues (ByteScanner.carry), or null: the next chunk is read as it is. */
  carry(): Uint8Array | null {
    return this.scanner?.carry() ?? null;
  }

  /** saxes reads `chunk`; bytes that cannot be decoded fail where they are (saxes reads the text before them first). */
  private parse(chunk: Uint8Array): void {
    if (this.stopped) return;
    try {
      let text: string;
      try {
        text = this.decoder.write(chunk);
      } catch (error) {
        if (error instanceof EncodingError && error.before) this.parser.write(error.before);
        throw error;
      }
      if (text) this.parser.write(text);
    } catch (error) {
      this.thrown(error);
    }
  }

  /**
   * saxes reads on from where the scanner stopped: primed first with the open elements (their
   * namespace declarations) and the position, its events of that prefix left out.
   */
  private handOver(handover: Handover): void {
    this.scanned = this.scanner?.read ?? 0;
    this.scanner = null;
    if (!handover.fromStart) {
      let prefix = '';
      for (const { qname, declarations } of handover.open) prefix += `<${qname}${declarations}>`;
      const root = handover.closedRoot;
      if (root) prefix += `<${root.qname}${root.declarations}></${root.qname}>`;
      this.priming = true;
      try {
        this.parser.write(prefix);
      } finally {
        this.priming = false;
      }
      // saxes is pinned (6.0.0): its position is these two fields (fast-saxes.ts reads them too).
      const internals = this.parser as unknown as { line: number; column: number };
      internals.line = handover.line;
      internals.column = handover.column;
      this.decoder = new MessageDecoder().continueUtf8();
    }
    for (const piece of handover.rest) this.parse(piece);
  }

  /** The scanner's events, written as saxes' are. */
  private sink(): ScanSink {
    return {
      open: (local, uri, line, column, attrs, count) => {
        // Near the name limit, saxes reads on: onOpen counts the tag's new names and refuses it there.
        if (this.stopped || this.open.length >= MAX_DEPTH || this.allNames.length + 2 + (count >> 1) > MAX_NAMES) return false;
        this.tagLine = line;
        this.tagColumn = column;
        this.writeOpen(local, uri, attrs, count);
        return true;
      },
      dropsWhitespace: () => {
        const depth = this.open.length;
        return depth === 0 || this.withChildren[depth - 1];
      },
      text: (text) => this.onText(text),
      close: () => this.onClose(),
    };
  }

  private onClose(): void {
    if (this.stopped || this.open.length === 0) return;
    this.open.pop();
    this.withChildren.pop();
    this.room(1);
    this.ops[this.n++] = OP_CLOSE;
  }

  /** Ends the message: the events of its last characters, or the failure of an unfinished document. */
  end(): EventBatch {
    if (this.scanner) this.handOver(this.scanner.end());
    if (!this.stopped) {
      try {
        const rest = this.decoder.end();
        if (rest) this.parser.write(rest);
        this.atEnd = true;
        this.parser.close();
      } catch (error) {
        this.thrown(error);
      }
    }
    return this.take();
  }

  private take(): EventBatch {
    // The scanner's strings are its own (cut out of the bytes); saxes' may be slices of its input.
    const batch: EventBatch = { ops: this.ops, length: this.n, strings: this.strings, names: this.names, elements: this.elements, owned: !this.sliced };
    this.sliced = this.scanner === null;
    this.ops = new Int32Array(Math.max(1 << 14, this.n + (this.n >> 2)));
    this.n = 0;
    this.strings = [];
    this.names = [];
    this.elements = 0;
    return batch;
  }

  private thrown(error: unknown) {
    if (error instanceof Stop) return;
    if (error instanceof EncodingError) this.fail('encoding', error.message);
    else this.fail('syntax', cleanSaxesMessage((error as Error).message));
  }

  /** Records the failure at `line`, `column` (default: where saxes is, the end of what it read). */
  private fail(kind: EncodedFailKind, message: string, line = this.parser.line, column = this.parser.column + 1) {
    if (this.stopped) return;
    this.stopped = true;
    this.room(5);
    const at = this.n;
    this.ops[at] = OP_FAIL;
    this.ops[at + 1] = FAIL_KINDS.indexOf(kind);
    this.ops[at + 2] = this.keep(message);
    this.ops[at + 3] = line;
    this.ops[at + 4] = column;
    this.n = at + 5;
  }

  /** Keeps a string for the batch and returns its number (the parse thread packs them instead, see parse-worker.ts). */
  protected keep(text: string): number {
    return this.strings.push(text) - 1;
  }

  /** The number of `name`, looked up by content (saxes hands out a new string per tag). */
  private nameId(name: string): number {
    const known = this.nameIds.get(name);
    if (known !== undefined) return known;
    const own = this.copyNames(name);
    const id = this.allNames.length;
    this.nameIds.set(own, id);
    this.names.push(own);
    this.allNames.push(own);
    return id;
  }

  private onOpen(tag: SaxesTagNS) {
    if (this.stopped) return;
    if (this.open.length >= MAX_DEPTH) {
      this.fail('depth', `elements are nested more than ${MAX_DEPTH} levels deep (<${shortName(tag.local)}> at line ${this.tagLine}); an ERN message nests about a dozen, so the file is not read further`, this.tagLine, this.tagColumn);
      throw new Stop();
    }
    const attrs = this.saxesAttrs;
    attrs.length = 0;
    const attributes = tag.attributes;
    for (const key in attributes) {
      const attr = attributes[key];
      attrs.push(attr.prefix && attr.prefix !== '' ? attr.name : attr.local, attr.value);
    }
    if (this.allNames.length + 2 + (attrs.length >> 1) > MAX_NAMES && this.allNames.length + this.newNames(tag.local, tag.uri, attrs) > MAX_NAMES) {
      this.fail('names', `the message names more than ${grouped(MAX_NAMES)} different elements, attributes and namespaces (<${shortName(tag.local)}> at line ${this.tagLine}); ERN's schemas name fewer than 800 in all their versions, so the file is not read further`, this.tagLine, this.tagColumn);
      throw new Stop();
    }
    this.writeOpen(tag.local, tag.uri, attrs, attrs.length);
  }

  /** How many of a tag's names (element, namespace, attributes) are not interned yet. */
  private newNames(local: string, uri: string, attrs: readonly string[]): number {
    const fresh = new Set<string>();
    for (const name of [local, uri, ...attrs.filter((_, i) => i % 2 === 0)]) if (!this.nameIds.has(name)) fresh.add(name);
    return fresh.size;
  }

  /** OP_OPEN of an element (at `tagLine`, `tagColumn`) with its attributes (name, value pairs, namespace declarations included). */
  private writeOpen(local: string, uri: string, attrs: readonly string[], length: number) {
    const depth = this.open.length;
    if (depth > 0) this.withChildren[depth - 1] = true;
    const name = this.elementName(local, depth);
    this.open.push(name);
    this.withChildren.push(false);
    this.elements++;
    const count = length >> 1;
    this.room(6 + 2 * count);
    const ops = this.ops;
    let at = this.n;
    ops[at] = OP_OPEN;
    ops[at + 1] = name;
    // saxes and the scanner give the same namespace string to every element in a namespace's scope: compared by identity first.
    if (uri !== this.lastUri) {
      this.lastUri = uri;
      this.lastUriId = this.nameId(uri);
    }
    ops[at + 2] = this.lastUriId;
    ops[at + 3] = this.tagLine;
    ops[at + 4] = this.tagColumn;
    ops[at + 5] = count;
    at += 6;
    for (let i = 0; i < length; i += 2) {
      ops[at++] = this.nameId(attrs[i]);
      ops[at++] = this.keep(attrs[i + 1]);
    }
    this.n = at;
  }

  private elementName(local: string, depth: number): number {
    const previous = this.lastOpened[depth];
    const parent = depth > 0 ? this.open[depth - 1] : -1;
    const guess = previous >= 0 ? this.after[previous] : parent >= 0 ? this.firstChild[parent] : undefined;
    let name: number;
    if (guess !== undefined && this.allNames[guess] === local) name = guess;
    else {
      name = this.nameId(local);
      if (previous >= 0) this.after[previous] = name;
      else if (parent >= 0) this.firstChild[parent] = name;
    }
    this.lastOpened[depth] = name;
    this.lastOpened[depth + 1] = -1;
    return name;
  }

  private onText(text: string) {
    const depth = this.open.length;
    if (this.stopped) return;
    // Outside the root, or indentation between child elements: no listener wants it.
    if (depth === 0 || (this.withChildren[depth - 1] && isXmlWhitespace(text))) return;
    this.room(2);
    this.ops[this.n++] = OP_TEXT;
    this.ops[this.n++] = this.keep(text);
  }

  private room(ints: number) {
    if (this.n + ints <= this.ops.length) return;
    const grown = new Int32Array(Math.max(this.ops.length * 2, this.n + ints));
    grown.set(this.ops.subarray(0, this.n));
    this.ops = grown;
  }
}

/** saxes messages start with "undefined:3:14: "; the location is reported apart. */
export function cleanSaxesMessage(message: string): string {
  return message.replace(/^(?:[^:\d][^:]*:)?\d+:\d+:\s*/, '');
}

/** A name for a message: a hostile one may be megabytes long, so past 64 characters it is cut. */
export function shortName(name: string): string {
  return name.length > 64 ? `${name.slice(0, 60)}…` : name;
}

/** The kind of an OP_FAIL operand. */
export function failKind(code: number): EncodedFailKind {
  return FAIL_KINDS[code] ?? 'syntax';
}

/**
 * The pass's side of saxes' events: batches (event-encoder.ts), from this thread or the parse
 * thread, become elements with their DDEX paths and positions, handed to every listener.
 */
import { MAX_ELEMENT_TEXT, grouped, type ClosedElement, type Loc, type OpenElement, type XmlListener } from './events.js';
import { OP_CLOSE, OP_OPEN, OP_TEXT, failKind, shortName, type EventBatch } from './event-encoder.js';
import type { PassFailure, PassResult, RootInfo } from './pass-types.js';
import { ANCHOR_DEPTH, PathTable, REL_SIBLINGS, TableLoc, TableLocated } from './path-table.js';

/** Bare paths (no indices) form a small trie, so every element with the same bare path shares one string. */
interface BareNode {
  bare: string;
  /** The element name, copied once: saxes hands out slices of its input chunks, which would keep them alive. */
  name: string;
  kids: Map<string, BareNode> | null;
  /**
   * Sibling count of this name under the parent element numbered `owner` (elements are numbered as
   * they open): a bare path names one child name of one kind of parent, so counting here needs no
   * map per parent element.
   */
  owner: number;
  count: number;
  /** The name's segment number in the pass's path table. */
  segment: number;
  /** The bare path's number in its pass (`OpenElement.bareId`). */
  id: number;
  /** The first child and the next sibling seen last time: documents repeat their sequences, so these are usually right (one compare, no hash). */
  first: BareNode | null;
  next: BareNode | null;
  /**
   * The text the last element of this bare path closed with: documents repeat their values under
   * a path (`MusicalWorkSoundRecording`, `MainArtist`, a label's P-line), so an equal text reuses
   * this string: one compare instead of a copy, and one string in the model instead of thousands.
   */
  text: string;
}


/**
 * Most different bare paths a pass reads, and most characters in them all. The most thorough of
 * DDEX's synthetic instances has 2,393 paths, a generated catalog about a hundred; each path holds
 * a node and its string here, and an entry per listener that looks paths up, so a hostile file of
 * a few MB (a few hundred names nested in every order, or long names 256 levels deep) would
 * otherwise hold hundreds of MB.
 */
export const MAX_PATHS = 20_000;
export const MAX_PATH_TEXT = 4_000_000;

/** The trie's counts: the next bare path's number, and the characters of every path so far. */
interface BareCounts {
  next: number;
  text: number;
}

/** The child of `parent` named `name`, new if need be; null past MAX_PATHS or MAX_PATH_TEXT. */
function childBare(parent: BareNode, name: string, paths: PathTable, counts: BareCounts): BareNode | null {
  parent.kids ??= new Map();
  let node = parent.kids.get(name);
  if (!node) {
    const length = parent.bare.length + 1 + name.length;
    if (counts.next > MAX_PATHS || counts.text + length > MAX_PATH_TEXT) return null;
    counts.text += length;
    const own = detached(name);
    parent.kids.set(own, (node = { bare: parent.bare + '/' + own, name: own, kids: null, owner: 0, count: 0, first: null, next: null, segment: paths.segment(own), id: counts.next++, text: '' }));
  }
  return node;
}

/**
 * An element of the pass. Its DDEX path is not built as it opens: `path` joins it from the pass's
 * path table when read, and `loc()` / `located()` give the model a location that holds a table row
 * instead of a string (see path-table.ts).
 */
export class PassElement implements ClosedElement {
  text = '';
  hasChildren = false;
  // Private (#): a listener copying an element with `{ ...el }` gets its data, not the pass's table.
  /** Anchored row: its own (depth <= ANCHOR_DEPTH) or its record's; -1 until asked. */
  #row = -1;
  /** Relative row below the anchor (-1 for an anchored element). */
  #rel = -1;
  #parent: PassElement | null;
  #segment: number;
  readonly #table: PathTable;

  constructor(
    readonly name: string,
    readonly ns: string,
    readonly attrs: Record<string, string>,
    readonly bare: string,
    readonly depth: number,
    readonly line: number,
    readonly column: number,
    /** 1-based position among the parent's children of the same name. */
    readonly index: number,
    readonly bareId: number,
    parent: PassElement | null,
    segment: number,
    table: PathTable,
  ) {
    this.#parent = parent;
    this.#segment = segment;
    this.#table = table;
  }

  get path(): string {
    this.#place();
    return this.#table.path(this.#row, this.#rel);
  }

  loc(): TableLoc {
    this.#place();
    return new TableLoc(this.#row, this.#rel, this.line, this.column, this.#table);
  }

  located<T>(value: T): TableLocated<T> {
    this.#place();
    return new TableLocated(value, this.#row, this.#rel, this.line, this.column, this.#table);
  }

  /** Its anchored row and relative row in the path table (taken when first asked), for a location class of a listener's own (see `locationTable`). */
  locationRow(): number {
    this.#place();
    return this.#row;
  }

  locationRel(): number {
    this.#place();
    return this.#rel;
  }

  /** The path table its rows are in. */
  locationTable(): PathTable {
    return this.#table;
  }

  /** Takes its rows (with its ancestors') the first time it is asked for. */
  #place(): void {
    if (this.#row >= 0) return;
    // Most often the parent has its rows already (a listener asked for it, or for a sibling): no list.
    const parent = this.#parent;
    if (parent === null || parent.#row >= 0) {
      this.#placeBelow(parent);
      return;
    }
    // A loop, not recursion: a hostile message may nest elements deeper than the call stack.
    const unplaced: PassElement[] = [];
    let el: PassElement | null = this;
    while (el && el.#row < 0) {
      unplaced.push(el);
      el = el.#parent;
    }
    for (let i = unplaced.length - 1; i >= 0; i--) unplaced[i].#placeBelow(unplaced[i].#parent);
  }

  /** Takes its rows below `parent`'s, which has its own. */
  #placeBelow(parent: PassElement | null): void {
    if (this.depth <= ANCHOR_DEPTH) {
      this.#row = this.#table.add(parent ? parent.#row : -1, this.#segment, this.index);
    } else if (this.index > REL_SIBLINGS && (this.#row = this.#table.addBelow(parent!.#row, parent!.#rel, this.#segment, this.index)) >= 0) {
      // One of many siblings (an album's content items): an anchored row of its own, see path-table.ts.
      this.#rel = -1;
    } else {
      this.#row = parent!.#row;
      this.#rel = this.#table.rel(parent!.#rel, this.#segment, this.index);
    }
  }
}

/**
 * A copy of `text` that does not share memory with saxes' input chunk. V8 makes substrings of 13
 * or more characters slices of their parent string, so a title kept in the model would otherwise
 * keep its whole 64 KiB chunk alive (measured: a third of the model's heap).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The pass's side of the events: elements with paths and positions, handed to every listener. */
export class PassEvents {
  readonly result: PassResult;
  stopped = false;
  private readonly opens: XmlListener[];
  private readonly texts: XmlListener[];
  private readonly closes: XmlListener[];
  /** The interned names of the batches so far. */
  private readonly names: string[] = [];
  // The open elements and their bare-path nodes, by depth: no frame object per element.
  private readonly stack: PassElement[] = [];
  private readonly bareNodes: BareNode[] = [{ bare: '', name: '', kids: null, owner: 0, count: 0, first: null, next: null, segment: -1, id: 0, text: '' }];
  /** The number of each open element, by depth (1, 2, … in the order they opened). */
  private readonly numbers: number[] = [];
  private opened = 0;
  /** The number of the next new bare path (0 is the empty path above the root). */
  private readonly bareCounts: BareCounts = { next: 1, text: 0 };
  /** Paths of the elements whose location was asked for. */
  private readonly paths = new PathTable();
  /** The last child opened under the element at each depth. */
  private readonly lastChild: (BareNode | null)[] = [null];
  /** The text of the last leaf element closed (see BareNode.text). */
  private lastText = '';
  /** False while the batches' strings are their own (`EventBatch.owned`): nothing to copy. */
  private copyStrings = true;

  constructor(
    private readonly listeners: XmlListener[],
    root: RootInfo | null,
  ) {
    this.result = { root, fatal: null, listenerFailures: [], bytes: 0, elements: 0 };
    // Listener calls are inlined with try/catch (no closure per event): this loop runs for every element.
    this.opens = listeners.filter((l) => l.onOpen);
    this.texts = listeners.filter((l) => l.onText);
    this.closes = listeners.filter((l) => l.onClose);
  }

  /** Where the innermost open element starts (for failures of the reading itself). */
  get line(): number | null {
    return this.stack[this.stack.length - 1]?.line ?? null;
  }
  get column(): number | null {
    return this.stack[this.stack.length - 1]?.column ?? null;
  }

  /** Records the first failure (`replace`: this one even if another came first) and stops the pass. */
  fail(failure: PassFailure, replace = false) {
    if (!this.result.fatal || replace) this.result.fatal = failure;
    this.stopped = true;
  }

  consume(batch: EventBatch) {
    this.copyStrings = !batch.owned;
    const copy = this.copyStrings;
    const names = this.names;
    for (const name of batch.names) names.push(name);
    this.result.elements += batch.elements;
    const { ops, strings } = batch;
    const end = batch.length;
    let i = 0;
    while (i < end) {
      const op = ops[i];
      if (op === OP_OPEN) {
        const count = ops[i + 5];
        let attrs = NO_ATTRIBUTES;
        if (count > 0) {
          attrs = {};
          for (let a = i + 6, last = i + 6 + 2 * count; a < last; a += 2) {
            const value = strings[ops[a + 1]];
            // Detached: a value kept in the model (a ProprietaryId namespace) would otherwise keep saxes' whole input chunk alive.
            attrs[names[ops[a]]] = copy ? detached(value) : value;
          }
        }
        this.open(names[ops[i + 1]], names[ops[i + 2]], attrs, ops[i + 3], ops[i + 4]);
        if (this.stopped) return; // refused (too many paths)
        i += 6 + 2 * count;
      } else if (op === OP_TEXT) {
        this.text(strings[ops[i + 1]]);
        i += 2;
      } else if (op === OP_CLOSE) {
        this.close();
        i += 1;
      } else {
        this.fail({ kind: failKind(ops[i + 1]), message: strings[ops[i + 2]], line: ops[i + 3], column: ops[i + 4] });
        return;
      }
    }
  }

  finish(bytes: number): PassResult {
    const result = this.result;
    result.bytes = bytes;
    for (const l of this.listeners) {
      try {
        l.onEnd?.();
      } catch (error) {
        this.listenerFailed(l, error, null);
      }
    }
    return result;
  }

  private listenerFailed(listener: XmlListener, error: unknown, el: OpenElement | null) {
    if (this.result.listenerFailures.length >= 100) return;
    this.result.listenerFailures.push({
      listener: listener.name ?? 'listener',
      error: (error as Error)?.stack ?? String(error),
      // No element: the end of the document, located at its root.
      line: el?.line ?? this.result.root?.line ?? 1,
      column: el?.column ?? this.result.root?.column ?? 1,
      path: el?.path ?? '',
    });
  }

  private open(name: string, ns: string, attrs: Record<string, string>, line: number, column: number) {
    const stack = this.stack;
    const depth = stack.length;
    const parent = depth > 0 ? stack[depth - 1] : null;
    const parentNode = this.bareNodes[depth];
    const previous = this.lastChild[depth];
    let bareNode = previous ? previous.next : parentNode.first;
    if (!bareNode || bareNode.name !== name) {
      const child = childBare(parentNode, name, this.paths, this.bareCounts);
      if (child === null) {
        const limit = this.bareCounts.next > MAX_PATHS ? `more than ${grouped(MAX_PATHS)} different element paths` : `different element paths of more than ${grouped(MAX_PATH_TEXT)} characters in all`;
        this.fail({ kind: 'paths', message: `the message has ${limit} (<${shortName(name)}> at line ${line}); an ERN message has a few hundred paths, so the file is not read further`, line, column });
        return;
      }
      bareNode = child;
      if (previous) previous.next = bareNode;
      else parentNode.first = bareNode;
    }
    this.lastChild[depth] = bareNode;
    this.lastChild[depth + 1] = null;
    this.bareNodes[depth + 1] = bareNode;
    let index = 1;
    if (parent) {
      if (!parent.hasChildren) {
        parent.hasChildren = true;
        parent.text = ''; // element content: whitespace between children is not kept (no mixed content in ERN)
      }
      const owner = this.numbers[depth - 1];
      if (bareNode.owner === owner) index = ++bareNode.count;
      else {
        bareNode.owner = owner;
        bareNode.count = 1;
      }
    }
    const el = new PassElement(bareNode.name, ns, attrs, bareNode.bare, depth + 1, line, column, index, bareNode.id, parent, bareNode.segment, this.paths);
    stack.push(el);
    this.numbers[depth] = ++this.opened;
    const opens = this.opens;
    for (let i = 0; i < opens.length; i++) {
      try {
        opens[i].onOpen!(el);
      } catch (error) {
        this.listenerFailed(opens[i], error, el);
      }
    }
  }

  private text(text: string) {
    const el = this.stack[this.stack.length - 1];
    if (!el) return;
    if (!el.hasChildren && el.text.length < MAX_ELEMENT_TEXT) {
      el.text += text.length + el.text.length > MAX_ELEMENT_TEXT ? text.slice(0, MAX_ELEMENT_TEXT - el.text.length) : text;
    }
    const texts = this.texts;
    for (let i = 0; i < texts.length; i++) {
      try {
        texts[i].onText!(text, el);
      } catch (error) {
        this.listenerFailed(texts[i], error, el);
      }
    }
  }

  private close() {
    const closed = this.stack.pop();
    if (!closed) return;
    if (closed.text.length !== 0) {
      const text = closed.text.trim();
      const node = this.bareNodes[closed.depth];
      if (text === node.text) closed.text = node.text;
      // Or the text of the leaf before, under another path (a DisplayTitleText and its DisplayTitle/TitleText).
      else if (text === this.lastText) closed.text = node.text = this.lastText;
      else closed.text = node.text = this.copyStrings ? detached(text) : text;
      this.lastText = closed.text;
    }
    const closes = this.closes;
    for (let i = 0; i < closes.length; i++) {
      try {
        closes[i].onClose!(closed);
      } catch (error) {
        this.listenerFailed(closes[i], error, closed);
      }
    }
  }
}

/** A lasting location of `el` for a model record or a later finding: a path-table row for the pass's elements, the path itself for others (tests, feeders). */
export function locate(el: OpenElement): Loc {
  return el instanceof PassElement ? el.loc() : { line: el.line, column: el.column, path: el.path };
}

/** `value` read from `el`, located like `locate`. */
export function locateValue<T>(el: OpenElement, value: T): Loc & { value: T } {
  return el instanceof PassElement ? el.located(value) : { value, line: el.line, column: el.column, path: el.path };
}

/** 1-based position of `el` among same-named siblings. */
export function siblingIndexOf(el: OpenElement): number {
  if (el instanceof PassElement) return el.index;
  const path = el.path;
  if (path.charCodeAt(path.length - 1) !== 93 /* ] */) return 1;
  return Number(path.slice(path.lastIndexOf('[') + 1, -1)) || 1;
}

/** The last step of `el`'s path (`Release[2]`), without building the path. */
export function lastStepOf(el: OpenElement): string {
  if (el instanceof PassElement) return el.index > 1 ? `${el.name}[${el.index}]` : el.name;
  return el.path.slice(el.path.lastIndexOf('/') + 1);
}

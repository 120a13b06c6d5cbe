/**
 * The parse thread's events for its schema validator (parse-worker.ts), read from each batch the
 * thread wrote (`batch`), after the batch went to the pass's thread: the validator gets the
 * elements the pass would give it (pass-events.ts). It reads the batch's numbers (a copy: the
 * batch's own went to the pass's thread) and the strings the encoder kept, so no string is made
 * twice; an earlier design that decoded each batch here as the pass's thread does took about a
 * sixth of this thread's time.
 *
 * Validated after it is sent, not as its events are written, each batch reaches the pass's thread
 * one validation sooner: at 104 MB the run took about 5% less time (the parse thread bounds the
 * pass through a catalog's ResourceList, and the validator is about half of its work there).
 *
 * An element carries what the validator reads: its name, namespace, attributes and position. Its
 * path and bare path are joined from the open elements only when asked (a finding), so each
 * element costs a count of its name among its siblings and no path-table row.
 */
import type { ClosedElement, XmlListener } from './events.js';
import { OP_CLOSE, OP_OPEN, OP_TEXT } from './event-encoder.js';
import type { ListenerFailure, RootInfo } from './pass-types.js';

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Names of children an element's counts are listed for, before they go to a map (an ERN element has a few dozen at most). */
const LISTED_NAMES = 32;

/** An open element of the feed; the feed reuses it for the next element at its depth once it closed. */
class FeedElement implements ClosedElement {
  name = '';
  ns = '';
  attrs = NO_ATTRIBUTES;
  line = 0;
  column = 0;
  /** 1-based position among the parent's children of the same name. */
  index = 1;
  /** A closed element carries no text here: the validator reads character data from `onText`. */
  text = '';
  hasChildren = false;

  constructor(
    private readonly feed: SchemaFeed,
    readonly depth: number,
  ) {}

  get path(): string {
    return this.feed.pathTo(this.depth, true);
  }

  get bare(): string {
    return this.feed.pathTo(this.depth, false);
  }
}

export class SchemaFeed {
  readonly failures: ListenerFailure[] = [];
  /** Elements by depth (index 0 is the root); `depth` of them are open. */
  private readonly elements: FeedElement[] = [];
  private depth = 0;
  /**
   * The children named so far under the open element at each depth: name numbers and counts in
   * pairs, `named[depth]` of them in use. Siblings of one name usually follow each other, so the
   * last pair is tried first. Past `LISTED_NAMES` names under one element (a hostile message can
   * give an element thousands of differently named children), the counts go to a map instead.
   */
  private readonly kids: number[][] = [[]];
  private readonly named: number[] = [0];
  private readonly kidMaps: (Map<number, number> | null)[] = [null];

  constructor(
    private readonly listener: XmlListener,
    private readonly root: RootInfo | null,
  ) {}

  /**
   * The events of one batch (event-encoder.ts): its numbers `ops` (`length` in use), its strings,
   * and the encoder's name table. A failure (OP_FAIL) ends the events; the validator is not told of it.
   */
  batch(ops: Int32Array, length: number, strings: readonly string[], names: readonly string[]): void {
    for (let at = 0; at < length; ) {
      const op = ops[at];
      if (op === OP_OPEN) {
        const count = ops[at + 5];
        let attrs = NO_ATTRIBUTES;
        if (count > 0) {
          attrs = {};
          for (let k = at + 6, last = at + 6 + 2 * count; k < last; k += 2) attrs[names[ops[k]]] = strings[ops[k + 1]];
        }
        this.open(ops[at + 1], names[ops[at + 1]], names[ops[at + 2]], ops[at + 3], ops[at + 4], attrs);
        at += 6 + 2 * count;
      } else if (op === OP_TEXT) {
        this.text(strings[ops[at + 1]]);
        at += 2;
      } else if (op === OP_CLOSE) {
        this.close();
        at += 1;
      } else return;
    }
  }

  /** `name` is the element name's number (the same for every element of that name). */
  private open(name: number, local: string, ns: string, line: number, column: number, attrs: Record<string, string>): void {
    const depth = this.depth;
    let index = 1;
    if (depth > 0) {
      this.elements[depth - 1].hasChildren = true;
      const map = this.kidMaps[depth];
      if (map !== null) {
        index = (map.get(name) ?? 0) + 1;
        map.set(name, index);
      } else index = this.listed(depth, name);
    }
    if (this.kids.length === depth + 1) this.kids.push([]);
    this.named[depth + 1] = 0;
    this.kidMaps[depth + 1] = null;
    const el = (this.elements[depth] ??= new FeedElement(this, depth + 1));
    el.name = local;
    el.ns = ns;
    el.line = line;
    el.column = column;
    el.index = index;
    el.hasChildren = false;
    el.attrs = attrs;
    this.depth = depth + 1;
    try {
      this.listener.onOpen?.(el);
    } catch (error) {
      this.failed(error, el);
    }
  }

  /** The count of `name` among the children of the open element at `depth - 1`, counted in its list of pairs (or moved to a map once the list is long). */
  private listed(depth: number, name: number): number {
    const kids = this.kids[depth];
    const used = this.named[depth];
    if (used > 0 && kids[used - 2] === name) return ++kids[used - 1];
    let at = 0;
    while (at < used && kids[at] !== name) at += 2;
    if (at < used) return ++kids[at + 1];
    if (used === 2 * LISTED_NAMES) {
      const map = new Map<number, number>();
      for (let i = 0; i < used; i += 2) map.set(kids[i], kids[i + 1]);
      map.set(name, 1);
      this.kidMaps[depth] = map;
      return 1;
    }
    kids[at] = name;
    kids[at + 1] = 1;
    this.named[depth] = used + 2;
    return 1;
  }

  private text(text: string): void {
    if (this.depth === 0) return;
    const el = this.elements[this.depth - 1];
    try {
      this.listener.onText?.(text, el);
    } catch (error) {
      this.failed(error, el);
    }
  }

  private close(): void {
    if (this.depth === 0) return;
    const el = this.elements[this.depth - 1];
    try {
      this.listener.onClose?.(el);
    } catch (error) {
      this.failed(error, el);
    }
    this.depth--;
  }

  /** The end of the message (after its last event). */
  end(): void {
    try {
      this.listener.onEnd?.();
    } catch (error) {
      this.failed(error, null);
    }
  }

  /** The path (`/A/B[2]/C`) or bare path (`/A/B/C`) of the open element at `depth` (the root is 1), as the pass writes it. */
  pathTo(depth: number, indexed: boolean): string {
    let path = '';
    for (let d = 0; d < depth; d++) {
      const el = this.elements[d];
      path += indexed && el.index > 1 ? `/${el.name}[${el.index}]` : `/${el.name}`;
    }
    return path;
  }

  /** As the pass records a listener's failure (pass-events.ts `listenerFailed`). */
  private failed(error: unknown, el: FeedElement | null): void {
    if (this.failures.length >= 100) return;
    this.failures.push({
      listener: this.listener.name ?? 'listener',
      error: (error as Error)?.stack ?? String(error),
      line: el?.line ?? this.root?.line ?? 1,
      column: el?.column ?? this.root?.column ?? 1,
      path: el?.path ?? '',
    });
  }
}

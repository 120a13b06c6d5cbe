/**
 * The one streaming pass over a message: bytes -> text -> saxes -> events for every listener
 * (schema validator, ERN reader, rule dispatcher). The root element is found first (a short sniff
 * of the head) so that the listeners can be chosen by version before the real pass begins; the
 * bytes read for that sniff are replayed. Nothing builds a DOM: memory is the element stack.
 */
import type { SaxesTagNS } from 'saxes';
import { FastSaxesParser } from './fast-saxes.js';
import { MessageDecoder } from './decode.js';
import { MAX_ELEMENT_TEXT, type ClosedElement, type OpenElement, type XmlListener } from './events.js';
import { EventEncoder, OP_CLOSE, OP_OPEN, OP_TEXT, failKind, type EventBatch } from './event-encoder.js';
import { ParseThread, parseThreadBuilt, wantsParseThread } from './parse-thread.js';

export interface RootInfo {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  line: number;
  column: number;
}

export interface PassSetup {
  listeners: XmlListener[];
  /** Receives every byte of the message, from the first one. */
  onBytes?: (chunk: Buffer) => void;
}

export interface PassFailure {
  message: string;
  line: number | null;
  column: number | null;
  /** `encoding`, `doctype` (entities / external DTD refused), `syntax`, `empty`. */
  kind: 'encoding' | 'doctype' | 'syntax' | 'empty' | 'read';
}

export interface ListenerFailure {
  listener: string;
  error: string;
  line: number;
  column: number;
  path: string;
}

export interface PassResult {
  root: RootInfo | null;
  /** Why the message is not well-formed XML; null when it is. */
  fatal: PassFailure | null;
  listenerFailures: ListenerFailure[];
  bytes: number;
  elements: number;
}

/** How much of the head is read at most to find the root element. */
const SNIFF_LIMIT = 1 << 20;

/** Bare paths (no indices) form a small trie, so every element with the same bare path shares one string. */
interface BareNode {
  bare: string;
  /** The element name, copied once: saxes hands out slices of its input chunks, which would keep them alive. */
  name: string;
  kids: Map<string, BareNode> | null;
  /**
   * Sibling count of this name under the parent element `owner`: a bare path names one child name
   * of one kind of parent, so counting here needs no map per parent element.
   */
  owner: object | null;
  count: number;
  /** The first child and the next sibling seen last time: documents repeat their sequences, so these are usually right (one compare, no hash). */
  first: BareNode | null;
  next: BareNode | null;
}


function childBare(parent: BareNode, name: string): BareNode {
  parent.kids ??= new Map();
  let node = parent.kids.get(name);
  if (!node) {
    const own = detached(name);
    parent.kids.set(own, (node = { bare: parent.bare + '/' + own, name: own, kids: null, owner: null, count: 0, first: null, next: null }));
  }
  return node;
}

/**
 * A copy of `text` that does not share memory with saxes' input chunk. V8 makes substrings of 13
 * or more characters slices of their parent string, so a title kept in the model would otherwise
 * keep its whole 64 KiB chunk alive (measured: a third of the model's heap).
 */
export function detached(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** Runs the pass. `setup` is called once with the root (null when none could be found) and returns the listeners. */
export interface PassOptions {
  /**
   * Parse on a second thread (parse-thread.ts): `true` (when the worker's code is there), `false`,
   * or a number, the message's size in bytes, to decide by size and cores (`wantsParseThread`).
   * Default: on this thread.
   */
  parseThread?: boolean | number;
}

/** Runs the pass. `setup` is called once with the root (null when none could be found) and returns the listeners. */
export async function runMessagePass(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  setup: (root: RootInfo | null) => Promise<PassSetup> | PassSetup,
  options: PassOptions = {},
): Promise<PassResult> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  const next = async (): Promise<Buffer | null> => {
    const step = await iterator.next();
    if (step.done) return null;
    const chunk = typeof step.value === 'string' ? Buffer.from(step.value) : Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength);
    bytes += chunk.length;
    return chunk;
  };
  // Started first, so that the thread boots while the head is sniffed.
  const wanted = typeof options.parseThread === 'number' ? wantsParseThread(options.parseThread) : options.parseThread === true && parseThreadBuilt();
  let thread: ParseThread | null = wanted ? new ParseThread() : null;

  try {
    // 1. Sniff the root from the head.
    let root: RootInfo | null = null;
    let readFailure: PassFailure | null = null;
    try {
      const sniffer = new RootSniffer();
      while (!sniffer.done && bytes < SNIFF_LIMIT) {
        const chunk = await next();
        if (!chunk) {
          ended = true;
          break;
        }
        head.push(chunk);
        sniffer.write(chunk);
      }
      root = sniffer.root;
    } catch (error) {
      readFailure = { kind: 'read', message: `could not read the message: ${(error as Error).message}`, line: null, column: null };
    }

    const { listeners, onBytes } = await setup(root);
    const pass = new PassEvents(listeners, root);
    if (readFailure) {
      pass.fail(readFailure);
      return pass.finish(bytes);
    }
    if (!root && thread) {
      // Nothing listens: the pass only looks for the syntax error, not worth a thread.
      await thread.close();
      thread = null;
    }

    // 2. The real pass, replaying the head.
    const encoder = thread ? null : new EventEncoder(detached);
    const feed = (chunk: Buffer) => {
      onBytes?.(chunk);
      if (pass.stopped) return;
      if (thread) thread.write(chunk);
      else pass.consume(encoder!.write(chunk));
    };
    // With a thread, batches are taken as they come, and the reading waits when a few are in flight.
    const drain = async (keep: number) => {
      while (thread && thread.inFlight > keep && !pass.stopped) {
        let batch: EventBatch;
        try {
          batch = await thread.next();
        } catch (error) {
          // The thread runs code of ours: a failure there is a bug, reported, never a crash of the run.
          pass.fail({ kind: 'read', message: (error as Error).message, line: pass.line, column: pass.column });
          return;
        }
        pass.consume(batch);
      }
    };

    try {
      for (const chunk of head) feed(chunk);
      if (!ended) {
        for (let chunk = await next(); chunk; chunk = await next()) {
          feed(chunk);
          await drain(IN_FLIGHT);
          // Keep reading bytes (for the byte-count and the schema session) only while useful.
          if (pass.stopped && !onBytes) break;
        }
      }
    } catch (error) {
      pass.fail({ kind: 'read', message: `could not read the message: ${(error as Error).message}`, line: pass.line, column: pass.column });
    }
    if (!pass.stopped) {
      if (thread) {
        thread.end();
        await drain(0);
      } else pass.consume(encoder!.end());
    }
    if (bytes === 0) pass.fail({ kind: 'empty', message: 'the file is empty', line: null, column: null }, true);
    else if (!root) pass.fail({ kind: 'syntax', message: 'no root element found', line: null, column: null });
    return pass.finish(bytes);
  } finally {
    await thread?.close();
  }
}

/** Batches in flight to the parse thread at most: enough to keep both threads busy. */
const IN_FLIGHT = 3;

/** The pass's side of the events: elements with paths and positions, handed to every listener. */
class PassEvents {
  readonly result: PassResult;
  stopped = false;
  private readonly opens: XmlListener[];
  private readonly texts: XmlListener[];
  private readonly closes: XmlListener[];
  /** The interned names of the batches so far. */
  private readonly names: string[] = [];
  // The open elements and their bare-path nodes, by depth: no frame object per element.
  private readonly stack: ClosedElement[] = [];
  private readonly bareNodes: BareNode[] = [{ bare: '', name: '', kids: null, owner: null, count: 0, first: null, next: null }];
  /** The last child opened under the element at each depth. */
  private readonly lastChild: (BareNode | null)[] = [null];

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
            attrs[names[ops[a]]] = detached(value);
          }
        }
        this.open(names[ops[i + 1]], names[ops[i + 2]], attrs, ops[i + 3], ops[i + 4]);
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
      bareNode = childBare(parentNode, name);
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
      if (bareNode.owner === parent) index = ++bareNode.count;
      else {
        bareNode.owner = parent;
        bareNode.count = 1;
      }
    }
    // Every element has the same shape from its open on (text and hasChildren set at close).
    const el: ClosedElement = {
      name: bareNode.name,
      ns,
      attrs,
      path: (parent ? parent.path : '') + '/' + bareNode.name + (index > 1 ? `[${index}]` : ''),
      bare: bareNode.bare,
      depth: depth + 1,
      line,
      column,
      text: '',
      hasChildren: false,
    };
    stack.push(el);
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
    if (closed.text.length !== 0) closed.text = detached(closed.text.trim());
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

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

function attributesOf(tag: SaxesTagNS): Record<string, string> {
  let attrs: Record<string, string> = NO_ATTRIBUTES;
  for (const key in tag.attributes) {
    const attr = tag.attributes[key];
    if (attr.prefix === 'xmlns' || attr.name === 'xmlns') continue;
    if (attrs === NO_ATTRIBUTES) attrs = {};
    // Detached: a value kept in the model (a ProprietaryId namespace) would otherwise keep saxes' whole input chunk alive.
    attrs[attr.prefix && attr.prefix !== '' ? attr.name : attr.local] = detached(attr.value);
  }
  return attrs;
}

/** Finds the root element in the head with a throwaway parser; tolerant of anything before it. */
class RootSniffer {
  root: RootInfo | null = null;
  done = false;
  private parser = new FastSaxesParser({ xmlns: true, position: true });
  private decoder = new MessageDecoder();
  private start = { line: 1, column: 1 };

  constructor() {
    this.parser.on('opentagstart', (tag) => {
      this.start = { line: this.parser.line, column: Math.max(1, this.parser.column - tag.name.length - 1) };
    });
    this.parser.on('opentag', (tag: SaxesTagNS) => {
      if (this.root) return;
      this.root = { name: tag.local, ns: tag.uri, attrs: attributesOf(tag), ...this.start };
      this.done = true;
    });
    this.parser.on('error', () => {
      this.done = true;
    });
  }

  write(chunk: Buffer) {
    if (this.done) return;
    try {
      this.parser.write(this.decoder.write(chunk));
    } catch {
      this.done = true;
    }
  }
}

/**
 * The one streaming pass over a message: bytes -> text -> saxes -> events for every listener
 * (schema validator, ERN reader, rule dispatcher). The root element is found first (a short sniff
 * of the head) so that the listeners can be chosen by version before the real pass begins; the
 * bytes read for that sniff are replayed. Nothing builds a DOM: memory is the element stack.
 */
import type { SaxesTagNS } from 'saxes';
import { FastSaxesParser } from './fast-saxes.js';
import { MessageDecoder, EncodingError } from './decode.js';
import { MAX_ELEMENT_TEXT, isXmlWhitespace, type ClosedElement, type OpenElement, type XmlListener } from './events.js';

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
export async function runMessagePass(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  setup: (root: RootInfo | null) => Promise<PassSetup> | PassSetup,
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
  const result: PassResult = { root, fatal: readFailure, listenerFailures: [], bytes: 0, elements: 0 };

  // 2. The real pass, replaying the head.
  const parser = new FastSaxesParser({ xmlns: true, position: true });
  const decoder = new MessageDecoder();
  // The open elements and their bare-path nodes, by depth: no frame object per element.
  const stack: ClosedElement[] = [];
  const bareNodes: BareNode[] = [{ bare: '', name: '', kids: null, owner: null, count: 0, first: null, next: null }];
  /** The last child opened under the element at each depth. */
  const lastChild: (BareNode | null)[] = [null];
  let tagLine = 1;
  let tagColumn = 1;
  let stopped = false;

  const listenerFailed = (listener: XmlListener, error: unknown, el: OpenElement | null) => {
    if (result.listenerFailures.length >= 100) return;
    result.listenerFailures.push({
      listener: listener.name ?? 'listener',
      error: (error as Error)?.stack ?? String(error),
      line: el?.line ?? parser.line,
      column: el?.column ?? parser.column + 1,
      path: el?.path ?? '',
    });
  };
  // Listener calls are inlined with try/catch (no closure per event): this loop runs for every element.
  const opens = listeners.filter((l) => l.onOpen);
  const texts = listeners.filter((l) => l.onText);
  const closes = listeners.filter((l) => l.onClose);

  const fail = (failure: PassFailure) => {
    if (!result.fatal) result.fatal = failure;
    stopped = true;
  };
  if (readFailure) return finish();

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      fail({ kind: 'doctype', message: 'the DOCTYPE declares entities; entity declarations are refused (no XXE, no entity expansion)', line: parser.line, column: parser.column + 1 });
    } else if (/\b(SYSTEM|PUBLIC)\b/.test(doctype)) {
      fail({ kind: 'doctype', message: 'the DOCTYPE points at an external DTD; external DTDs are never fetched and are refused', line: parser.line, column: parser.column + 1 });
    }
  });
  parser.on('opentagstart', (tag) => {
    const column = parser.column - tag.name.length - 1;
    tagLine = parser.line;
    tagColumn = column >= 1 ? column : 1;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const depth = stack.length;
    const parent = depth > 0 ? stack[depth - 1] : null;
    const parentNode = bareNodes[depth];
    const previous = lastChild[depth];
    let bareNode = previous ? previous.next : parentNode.first;
    if (!bareNode || bareNode.name !== tag.local) {
      bareNode = childBare(parentNode, tag.local);
      if (previous) previous.next = bareNode;
      else parentNode.first = bareNode;
    }
    lastChild[depth] = bareNode;
    lastChild[depth + 1] = null;
    bareNodes[depth + 1] = bareNode;
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
      ns: tag.uri,
      attrs: attributesOf(tag),
      path: (parent ? parent.path : '') + '/' + bareNode.name + (index > 1 ? `[${index}]` : ''),
      bare: bareNode.bare,
      depth: depth + 1,
      line: tagLine,
      column: tagColumn,
      text: '',
      hasChildren: false,
    };
    stack.push(el);
    result.elements++;
    for (let i = 0; i < opens.length; i++) {
      try {
        opens[i].onOpen!(el);
      } catch (error) {
        listenerFailed(opens[i], error, el);
      }
    }
  });
  const onText = (text: string) => {
    const el = stack[stack.length - 1];
    if (!el) return;
    if (el.hasChildren) {
      // Indentation between child elements (half of saxes' text events) concerns no listener: an
      // element with children holds element-only content, or its schema error is already known.
      if (isXmlWhitespace(text)) return;
    } else if (el.text.length < MAX_ELEMENT_TEXT) el.text += text.length + el.text.length > MAX_ELEMENT_TEXT ? text.slice(0, MAX_ELEMENT_TEXT - el.text.length) : text;
    for (let i = 0; i < texts.length; i++) {
      try {
        texts[i].onText!(text, el);
      } catch (error) {
        listenerFailed(texts[i], error, el);
      }
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const closed = stack.pop();
    if (!closed) return;
    if (closed.text.length !== 0) closed.text = detached(closed.text.trim());
    for (let i = 0; i < closes.length; i++) {
      try {
        closes[i].onClose!(closed);
      } catch (error) {
        listenerFailed(closes[i], error, closed);
      }
    }
  });
  let atEnd = false;
  parser.on('error', (error) => {
    const open = stack[stack.length - 1]?.name;
    const message = atEnd && open ? `the file ends before <${open}> is closed (truncated?): ${cleanSaxesMessage(error.message)}` : cleanSaxesMessage(error.message);
    fail({ kind: 'syntax', message, line: parser.line, column: parser.column + 1 });
  });

  const feed = (chunk: Buffer) => {
    if (onBytes) onBytes(chunk);
    if (stopped) return;
    try {
      const text = decoder.write(chunk);
      if (text) parser.write(text);
    } catch (error) {
      if (error instanceof EncodingError) fail({ kind: 'encoding', message: error.message, line: parser.line, column: parser.column + 1 });
      else if (!result.fatal) fail({ kind: 'syntax', message: cleanSaxesMessage((error as Error).message), line: parser.line, column: parser.column + 1 });
    }
  };

  for (const chunk of head) feed(chunk);
  try {
    if (!ended) {
      for (let chunk = await next(); chunk; chunk = await next()) {
        feed(chunk);
        // Keep reading bytes (for the byte-count and the schema session) only while useful.
        if (stopped && !onBytes) break;
      }
    }
  } catch (error) {
    fail({ kind: 'read', message: `could not read the message: ${(error as Error).message}`, line: parser.line, column: parser.column + 1 });
  }
  if (!stopped) {
    try {
      const rest = decoder.end();
      if (rest) parser.write(rest);
      atEnd = true;
      parser.close();
    } catch (error) {
      if (error instanceof EncodingError) fail({ kind: 'encoding', message: error.message, line: parser.line, column: parser.column + 1 });
      else fail({ kind: 'syntax', message: cleanSaxesMessage((error as Error).message), line: parser.line, column: parser.column + 1 });
    }
  }
  if (bytes === 0) result.fatal = { kind: 'empty', message: 'the file is empty', line: null, column: null };
  else if (!result.fatal && !root) result.fatal = { kind: 'syntax', message: 'no root element found', line: null, column: null };
  return finish();

  function finish(): PassResult {
    result.bytes = bytes;
    for (const l of listeners) {
      try {
        l.onEnd?.();
      } catch (error) {
        listenerFailed(l, error, null);
      }
    }
    return result;
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

/** saxes messages start with "undefined:3:14: "; the location is reported apart. */
function cleanSaxesMessage(message: string): string {
  return message.replace(/^(?:[^:\d][^:]*:)?\d+:\d+:\s*/, '');
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

/**
 * A minimal saxes pass producing the engine's XmlListener events (paths, positions, attributes,
 * text), used by this folder's tests and benchmarks to drive the validator the way the engine's
 * message pass (`xml/pass.ts`) does.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { ClosedElement, OpenElement, XmlListener } from '../xml/events.js';
import { MAX_ELEMENT_TEXT } from '../xml/events.js';

export interface FeedResult {
  /** First well-formedness error, null when the document is well-formed. */
  fatal: string | null;
  elements: number;
}

interface Level {
  /** Built with its ClosedElement fields from the start: one object shape, filled in at close (much faster in V8). */
  el: ClosedElement;
  text: string;
  hasChildren: boolean;
  siblings: Map<string, number> | null;
}

/**
 * Feeds a document (string or chunks) to the listener returned by `onRoot` when the root opens
 * (null: nothing listens). Returns when the input is consumed.
 */
export async function feedXml(
  input: string | Buffer | AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
  onRoot: (root: OpenElement) => XmlListener | null,
): Promise<FeedResult> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Level[] = [];
  const rootSiblings = new Map<string, number>();
  let listener: XmlListener | null = null;
  let fatal: string | null = null;
  let elements = 0;

  parser.on('opentag', (tag: SaxesTagNS) => {
    elements++;
    const parent = stack[stack.length - 1];
    const name = tag.local;
    let siblings = rootSiblings;
    if (parent) {
      parent.hasChildren = true;
      siblings = parent.siblings ??= new Map();
    }
    const n = (siblings.get(name) ?? 0) + 1;
    siblings.set(name, n);
    const attrs: Record<string, string> = {};
    for (const key in tag.attributes) {
      const a = tag.attributes[key]!;
      attrs[a.name] = a.value;
    }
    const el: ClosedElement = {
      name,
      ns: tag.uri,
      attrs,
      path: `${parent ? parent.el.path : ''}/${name}${n > 1 ? `[${n}]` : ''}`,
      bare: `${parent ? parent.el.bare : ''}/${name}`,
      depth: stack.length + 1,
      line: parser.line,
      column: parser.column,
      text: '',
      hasChildren: false,
    };
    if (!parent) listener = onRoot(el);
    stack.push({ el, text: '', hasChildren: false, siblings: null });
    listener?.onOpen?.(el);
  });
  const onText = (text: string) => {
    const level = stack[stack.length - 1];
    if (!level) return;
    if (level.text.length < MAX_ELEMENT_TEXT) level.text += text;
    listener?.onText?.(text, level.el);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const level = stack.pop();
    if (!level) return;
    const closed = level.el;
    closed.text = level.text.trim();
    closed.hasChildren = level.hasChildren;
    listener?.onClose?.(closed);
  });
  parser.on('error', (err) => {
    fatal ??= err.message;
  });

  try {
    if (typeof input === 'string') parser.write(input);
    else {
      let decoder: InstanceType<typeof TextDecoder> | null = null; // streaming: a chunk may end inside a character
      for await (const chunk of Buffer.isBuffer(input) ? [input] : input) {
        if (typeof chunk === 'string') {
          parser.write(chunk);
          continue;
        }
        decoder ??= new TextDecoder(encodingOf(chunk));
        parser.write(decoder.decode(chunk, { stream: true }));
      }
      if (decoder) parser.write(decoder.decode());
    }
    parser.close();
  } catch (err) {
    fatal ??= (err as Error).message;
  }
  (listener as XmlListener | null)?.onEnd?.();
  return { fatal, elements };
}

/** UTF-16 by byte order mark (or a `<` written on two bytes), else UTF-8. */
function encodingOf(head: Buffer): string {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0x00)) return 'utf-16le';
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0x00 && head[1] === 0x3c)) return 'utf-16be';
  return 'utf-8';
}

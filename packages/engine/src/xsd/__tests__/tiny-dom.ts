/**
 * A throwaway element tree for generating test mutations (tests only: the engine never builds a
 * DOM). Keeps qualified names and attributes as written; drops comments and PIs.
 */
import { SaxesParser } from 'saxes';

export interface DomElement {
  name: string;
  attrs: [string, string][];
  children: DomNode[];
}
export type DomNode = DomElement | string;

export function parseDom(text: string): DomElement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: DomElement[] = [];
  let root: DomElement | null = null;
  parser.on('opentag', (tag) => {
    const el: DomElement = { name: tag.name, attrs: Object.entries(tag.attributes as Record<string, string>), children: [] };
    if (stack.length) stack[stack.length - 1]!.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('closetag', () => void stack.pop());
  const onText = (t: string) => {
    if (stack.length) stack[stack.length - 1]!.children.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;').replace(/\r/g, '&#13;');

export function serializeDom(root: DomElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const write = (el: DomElement) => {
    out.push(`<${el.name}`);
    for (const [k, v] of el.attrs) out.push(` ${k}="${escapeAttr(v)}"`);
    if (el.children.length === 0) {
      out.push('/>');
      return;
    }
    out.push('>');
    for (const c of el.children) {
      if (typeof c === 'string') out.push(escapeText(c));
      else write(c);
    }
    out.push(`</${el.name}>`);
  };
  write(root);
  out.push('\n');
  return out.join('');
}

export function cloneDom(el: DomElement): DomElement {
  return { name: el.name, attrs: el.attrs.map(([k, v]) => [k, v]), children: el.children.map((c) => (typeof c === 'string' ? c : cloneDom(c))) };
}

export interface Placed {
  el: DomElement;
  parent: DomElement | null;
}

/** Every element with its parent, in document order. */
export function allElements(root: DomElement): Placed[] {
  const out: Placed[] = [];
  const walk = (el: DomElement, parent: DomElement | null) => {
    out.push({ el, parent });
    for (const c of el.children) if (typeof c !== 'string') walk(c, el);
  };
  walk(root, null);
  return out;
}

/** Text of a leaf element (no element children), null for elements with children. */
export function leafText(el: DomElement): string | null {
  if (el.children.some((c) => typeof c !== 'string')) return null;
  return el.children.join('');
}

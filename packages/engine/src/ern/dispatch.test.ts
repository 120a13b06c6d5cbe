/**
 * The scope dispatcher keeps the rule it found per bare path (`bareId`) with the table and base it
 * was found for: a path met again under another scope must find that scope's rule, and elements
 * without a `bareId` (built by hand) are matched as before.
 */
import { describe, expect, it } from 'vitest';
import type { ClosedElement } from '../xml/events.js';
import { Dispatcher, Table } from './dispatch.js';

function element(bare: string, bareId?: number): ClosedElement {
  const name = bare.slice(bare.lastIndexOf('/') + 1);
  return { name, ns: '', attrs: {}, bare, path: bare, depth: bare.split('/').length - 1, line: 1, column: 1, text: name, hasChildren: false, bareId };
}

describe('Dispatcher', () => {
  const seen: string[] = [];
  const inner = (label: string) => new Table<string[]>({ Title: { close: (el, t) => t.push(`${label}:${el.text}`) } });
  const A = inner('A');
  const B = inner('B');
  const root = new Table<unknown>({
    A: { open: (el, _t, d) => d.push(el, A, seen) },
    B: { open: (el, _t, d) => d.push(el, B, seen) },
  });

  it('finds the rule of the scope in effect for a bare path met under two scopes', () => {
    seen.length = 0;
    const d = new Dispatcher('/Root'.length, root, null);
    // The same bare path number under scope A, then B, then A again (as a cache keyed on the path alone would get wrong).
    for (const [scope, id] of [['A', 1], ['B', 2], ['A', 1]] as const) {
      const open = element(`/Root/${scope}`, id);
      d.onOpen(open);
      // One bareId for both: what a cache must not trust without its scope's table.
      d.onClose(element(`/Root/${scope}/Title`, 7));
      d.onClose(open);
    }
    expect(seen).toEqual(['A:Title', 'B:Title', 'A:Title']);
  });

  it('matches elements without a bareId by name and path', () => {
    seen.length = 0;
    const d = new Dispatcher('/Root'.length, root, null);
    const open = element('/Root/B');
    d.onOpen(open);
    d.onClose(element('/Root/B/Title'));
    d.onClose(element('/Root/B/Other/Title'));
    d.onClose(open);
    expect(seen).toEqual(['B:Title']);
  });
});

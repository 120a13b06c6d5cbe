import { describe, expect, it } from 'vitest';
import type { OpenElement } from './events.js';
import { ElementLineIndex } from './libxml2-element-index.js';

/** Opens elements given as [depth, name, line], building paths the way events.ts defines them. */
function indexOf(elements: [number, string, number][]): ElementLineIndex {
  const index = new ElementLineIndex();
  const stack: { path: string; counts: Map<string, number> }[] = [];
  for (const [depth, name, line] of elements) {
    stack.length = depth - 1;
    const parent = stack[depth - 2];
    let n = 1;
    if (parent) {
      n = (parent.counts.get(name) ?? 0) + 1;
      parent.counts.set(name, n);
    }
    const path = (parent?.path ?? '') + '/' + name + (n > 1 ? `[${n}]` : '');
    stack.push({ path, counts: new Map() });
    const el: OpenElement = { name, ns: '', attrs: {}, path, bare: path.replace(/\[\d+\]/g, ''), depth, line, column: 1 };
    index.listener.onOpen!(el);
  }
  return index;
}

describe('ElementLineIndex', () => {
  const index = indexOf([
    [1, 'NewReleaseMessage', 2], // start tag spread over lines 2-5
    [2, 'MessageHeader', 7],
    [3, 'PartyName', 8],
    [4, 'FullName', 8],
    [3, 'PartyName', 12],
    [2, 'ResourceList', 20],
    [3, 'SoundRecording', 21],
    [3, 'SoundRecording', 30],
    [4, 'Duration', 31],
  ]);

  it('finds the element named on the line', () => {
    expect(index.pathFor(8, 'PartyName')).toBe('/NewReleaseMessage/MessageHeader/PartyName');
    expect(index.pathFor(8, 'FullName')).toBe('/NewReleaseMessage/MessageHeader/PartyName/FullName');
    expect(index.pathFor(12, 'PartyName')).toBe('/NewReleaseMessage/MessageHeader/PartyName[2]');
    expect(index.pathFor(31, 'Duration')).toBe('/NewReleaseMessage/ResourceList/SoundRecording[2]/Duration');
  });

  it('matches the line where a multi-line start tag ends', () => {
    expect(index.pathFor(5, 'NewReleaseMessage')).toBe('/NewReleaseMessage');
    // ... also when the next element opens on that same line.
    expect(index.pathFor(7, 'NewReleaseMessage')).toBe('/NewReleaseMessage');
    expect(index.pathFor(7, 'MessageHeader')).toBe('/NewReleaseMessage/MessageHeader');
  });

  it('falls back to the last element opened at or before the line', () => {
    expect(index.pathFor(25, 'Bogus')).toBe('/NewReleaseMessage/ResourceList/SoundRecording');
    expect(index.pathFor(8, 'Bogus')).toBe('/NewReleaseMessage/MessageHeader/PartyName/FullName');
    expect(index.pathFor(1, 'NewReleaseMessage')).toBe('');
    expect(index.pathFor(null, 'PartyName')).toBe('');
  });

  it('takes the first of several same-named elements on one line (one-line messages)', () => {
    const flat = indexOf([
      [1, 'A', 1],
      [2, 'B', 1],
      [2, 'B', 1],
    ]);
    expect(flat.pathFor(1, 'B')).toBe('/A/B');
    expect(flat.size).toBe(3);
  });

  it('forgets everything when dropped', () => {
    const dropped = indexOf([[1, 'A', 1]]);
    dropped.drop();
    dropped.listener.onOpen!({ name: 'B', ns: '', attrs: {}, path: '/B', bare: '/B', depth: 1, line: 2, column: 1 });
    expect(dropped.size).toBe(0);
    expect(dropped.pathFor(2, 'B')).toBe('');
  });

  it('grows past its first capacity', () => {
    const many: [number, string, number][] = [[1, 'Root', 1]];
    for (let i = 0; i < 5000; i++) many.push([2, 'Item', i + 2]);
    const big = indexOf(many);
    expect(big.pathFor(4001, 'Item')).toBe('/Root/Item[4000]');
  });
});

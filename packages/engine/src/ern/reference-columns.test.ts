import { describe, expect, it } from 'vitest';
import { ReferenceColumns } from './reference-columns.js';
import { TableReference } from './references.js';
import { PathTable } from '../xml/path-table.js';
import type { Reference } from './model.js';

describe('ReferenceColumns', () => {
  const table = new PathTable();
  const row = table.add(table.add(-1, table.segment('M'), 1), table.segment('R'), 3);
  const ref = (i: number, target: Reference['target'] = 'resource') => new TableReference(target, `A${i}`, row, -1, 10 + i, 5, table);

  it('gives back every reference in order, with its target, value and location, past its first columns', () => {
    const list = new ReferenceColumns();
    for (let i = 0; i < 3000; i++) list.push(ref(i, i % 2 ? 'party' : 'resource'));
    expect(list.length).toBe(3000);
    const back = [...list];
    expect(back).toHaveLength(3000);
    expect(back[2999]).toBeInstanceOf(TableReference);
    expect(back[2999].toJSON()).toEqual({ target: 'party', value: 'A2999', line: 3009, column: 5, path: '/M/R[3]' });
    expect(back.map((r) => r.value)).toEqual(Array.from({ length: 3000 }, (_, i) => `A${i}`));
  });

  it('keeps references of another kind as they are, after the ones before them', () => {
    const list = new ReferenceColumns();
    list.push(ref(1));
    list.push({ target: 'release', value: 'R9', path: '/X/Y', line: 2, column: 3 });
    list.push(ref(2, 'deal'));
    expect(list.length).toBe(3);
    expect(JSON.parse(JSON.stringify(list))).toEqual([
      { target: 'resource', value: 'A1', line: 11, column: 5, path: '/M/R[3]' },
      { target: 'release', value: 'R9', path: '/X/Y', line: 2, column: 3 },
      { target: 'deal', value: 'A2', line: 12, column: 5, path: '/M/R[3]' },
    ]);
  });
});

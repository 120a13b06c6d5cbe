/** The lists of the model kept as bytes (record-list.ts): records kept until sealed, views, the array methods the rules use, kinds told without a view. */
import { describe, expect, it } from 'vitest';
import { RecordStore } from './record-store.js';
import { RecordList, kindAt } from './record-list.js';
import { PAGE_SPAN } from './record-pages.js';

describe('RecordList', () => {
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  type Item = { ref: string; kind: string; n: number };
  function list(n: number): RecordList<Item> {
    const stored = new RecordList<Item>(new RecordStore());
    for (let i = 0; i < n; i++) stored.push({ ref: `R${i}`, kind: i % 3 ? 'track' : 'main', n: i });
    return stored;
  }

  it('keeps pushed records as they are until sealed, then reads them from the store', () => {
    const stored = list(3);
    const open = stored.at(-1)!;
    // A reader still filling in the record of an open element sees its own object.
    open.n = 42;
    expect(stored.at(2)).toBe(open);
    stored.seal();
    expect(stored.length).toBe(3);
    expect(stored.at(2)).not.toBe(open);
    expect(plain(stored.at(2))).toEqual({ ref: 'R2', kind: 'track', n: 42 });
    expect(stored.at(3)).toBeUndefined();
    expect(stored.at(-4)).toBeUndefined();
  });

  it('keeps addresses past 4 bytes (a store of more than 1,024 pages, several GB of records) whole', () => {
    // A store of that size is not written here: this one hands out addresses from page 1,000 on, 300 records a
    // page, and its views are the addresses the list gives back.
    let written = 0;
    const store = {
      lastShape: -1,
      newSlot: () => 0,
      write: () => (1000 + Math.floor(written / 300)) * PAGE_SPAN + (written++ % 300) * 97,
      view: (at: number) => ({ at }),
    } as unknown as RecordStore;
    const stored = new RecordList<{ at?: number; n: number }>(store);
    for (let i = 0; i < 30_000; i++) {
      stored.push({ n: i });
      if (i % 1000 === 999) stored.seal();
    }
    stored.seal();
    const expected = (i: number) => (1000 + Math.floor(i / 300)) * PAGE_SPAN + (i % 300) * 97;
    expect(expected(7199)).toBeLessThan(2 ** 31);
    expect(expected(7200)).toBeGreaterThanOrEqual(2 ** 31);
    for (const i of [0, 7199, 7200, 7500, 29_999]) expect(stored.at(i)!.at, `record ${i}`).toBe(expected(i));
    // A record written again past the narrow range (a view's setter) keeps its new address too.
    stored.moved(5, 3 * 2 ** 32 + 12);
    expect(stored.at(5)!.at).toBe(3 * 2 ** 32 + 12);
    expect(stored.at(6)!.at).toBe(expected(6));
  });

  it('makes a view at each read; a view assigned moves its record and the list reads it there', () => {
    const stored = list(1000);
    stored.seal();
    const first = stored.at(500)!;
    expect(stored.at(500)).not.toBe(first);
    first.kind = 'other';
    expect(stored.at(500)!.kind).toBe('other');
    expect(stored.at(500)!.ref).toBe('R500');
    expect(stored.at(502)!.kind).toBe('track');
  });

  it('has the array methods the rules use, and writes as an array', () => {
    const stored = list(10);
    stored.seal();
    stored.push({ ref: 'open', kind: 'track', n: 10 });
    expect(stored.filter((r) => r.kind === 'main').map((r) => r.ref)).toEqual(['R0', 'R3', 'R6', 'R9']);
    expect(stored.map((r, i) => r.n === i)).toEqual(Array(11).fill(true));
    expect(stored.flatMap((r) => (r.n < 2 ? [r.ref, r.kind] : []))).toEqual(['R0', 'main', 'R1', 'track']);
    expect(stored.find((r) => r.n === 4)?.ref).toBe('R4');
    expect(stored.some((r) => r.ref === 'open')).toBe(true);
    expect(stored.every((r) => r.n < 10)).toBe(false);
    const seen: number[] = [];
    stored.forEach((r, i) => seen.push(r.n - i));
    expect(seen).toEqual(Array(11).fill(0));
    expect([...stored].map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(JSON.parse(JSON.stringify(stored))[10]).toEqual({ ref: 'open', kind: 'track', n: 10 });
    expect(JSON.parse(JSON.stringify(stored))[3]).toEqual({ ref: 'R3', kind: 'main', n: 3 });
  });

  it('is read in order by for-of, records pushed while it is read included, and read again from the start', () => {
    const stored = list(5);
    stored.seal();
    const seen: string[] = [];
    for (const r of stored) {
      seen.push(r.ref);
      if (r.n === 4) stored.push({ ref: 'late', kind: 'track', n: 5 });
    }
    expect(seen).toEqual(['R0', 'R1', 'R2', 'R3', 'R4', 'late']);
    const iterator = stored[Symbol.iterator]();
    expect(iterator.next().value?.ref).toBe('R0');
    expect(Array.from(stored, (r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
    for (let i = 0; i < 5; i++) iterator.next();
    expect(iterator.next()).toEqual({ value: undefined, done: true });
  });

  it("tells a record's kind as a view reads it: held, assigned through a view, still open, of another class, past 255 kinds, and past its end", () => {
    const stored = list(600);
    stored.seal();
    stored.at(4)!.kind = 'other';
    class Odd {
      kind = 'odd';
    }
    (stored as RecordList<object>).push(new Odd());
    stored.seal();
    stored.push({ ref: 'open', kind: 'open', n: 601 });
    const many = new RecordList<Item>(new RecordStore());
    for (let i = 0; i < 300; i++) many.push({ ref: `K${i}`, kind: `kind ${i}`, n: i });
    many.seal();
    for (const [records, length] of [[stored, 602], [many, 300]] as const) {
      const kinds = Array.from({ length: length + 1 }, (_, i) => kindAt(records, i));
      expect(kinds).toEqual(Array.from({ length: length + 1 }, (_, i) => (records.at(i) as { kind?: string } | undefined)?.kind));
    }
    expect([kindAt(stored, 0), kindAt(stored, 1), kindAt(stored, 4), kindAt(stored, 600), kindAt(stored, 601), kindAt(stored, 602)]).toEqual(['main', 'track', 'other', 'odd', 'open', undefined]);
    expect(kindAt(many, 299)).toBe('kind 299');
    // Arrays (a message kept as objects) answer the same way.
    expect([kindAt([{ kind: 'a' }, {}], 0), kindAt([{ kind: 'a' }, {}], 1), kindAt([], 0)]).toEqual(['a', undefined, undefined]);
  });

  it('keeps an object of another class as it is', () => {
    class Odd {
      ref = 'odd';
    }
    const stored = new RecordList<object>(new RecordStore());
    const odd = new Odd();
    stored.push({ ref: 'plain' });
    stored.push(odd);
    stored.seal();
    expect(stored.at(1)).toBe(odd);
    expect(plain(stored.at(0))).toEqual({ ref: 'plain' });
  });
});

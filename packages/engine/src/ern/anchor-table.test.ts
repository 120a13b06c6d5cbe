import { afterEach, describe, expect, it } from 'vitest';
import { AnchorTable, NUMBERED_ANCHORS } from './anchor-table.js';

/** What a table must answer: the first record of each anchor, and the records whose anchor an earlier one has. */
function reference(anchors: string[]) {
  const first = new Map<string, number>();
  const shadowed: number[] = [];
  anchors.forEach((anchor, i) => {
    if (!anchor) return;
    if (first.has(anchor)) shadowed.push(i);
    else first.set(anchor, i);
  });
  return { find: (anchor: string) => (anchor ? (first.get(anchor) ?? -1) : -1), shadowed };
}

/** A table over `anchors`, filled as the index fills it: the records there when it is made, then one by one. */
function tableOf(anchors: string[], madeAt: number) {
  const list = anchors.slice(0, madeAt).map((anchor) => ({ anchor }));
  const table = new AnchorTable(list, (r) => r.anchor || null);
  for (let i = madeAt; i < anchors.length; i++) {
    list.push({ anchor: anchors[i] });
    table.add(i);
  }
  return table;
}

/** A small deterministic generator (the same anchors at every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('AnchorTable', () => {
  afterEach(() => {
    NUMBERED_ANCHORS.on = true;
  });

  it('answers as a map of first records, with anchors numbered and not, repeated, far apart and written alike', () => {
    for (const numbered of [true, false]) {
      NUMBERED_ANCHORS.on = numbered;
      for (let seed = 1; seed <= 6; seed++) {
        const pick = random(seed);
        const forms = [
          () => `A${pick(3000)}`,
          () => `A${pick(3000)}`,
          () => `A${pick(2) === 0 ? 0 : 1_000_000 + pick(1000)}`,
          () => `A0${pick(50)}`,
          () => `B${pick(200)}`,
          () => `${pick(100)}`,
          () => ['', 'X', 'A', 'A-1', 'A1a', 'Aé1', 'A€2'][pick(7)],
          () => `LongAnchor${pick(100)}`,
          () => `A${'9'.repeat(9 + pick(3))}`,
        ];
        const anchors = Array.from({ length: 4000 }, () => forms[pick(forms.length)]());
        const expected = reference(anchors);
        const table = tableOf(anchors, pick(2) === 0 ? 0 : 1000);
        const asked = new Set([...anchors, 'A3001', 'A00', 'A', 'B200', '99', 'A1000999', 'A10000000000', 'C1', '']);
        for (const anchor of asked) expect(table.find(anchor), `${anchor} (seed ${seed}, numbered ${numbered})`).toBe(expected.find(anchor));
        expect(table.shadowed).toEqual(expected.shadowed);
      }
    }
  });

  it('tells a number met far beyond the others (kept by hash) from the same anchor met again once the others caught up', () => {
    // A70000 comes when the table holds a few anchors (beyond the numbers it keeps by number then); by the time it
    // comes again, 20,000 anchors are in and its number is within the limit: the second is still the first's shadow.
    const anchors = ['A1', 'A70000', ...Array.from({ length: 20_000 }, (_, i) => `A${i + 2}`), 'A70000', 'A70001', 'A70001'];
    const table = tableOf(anchors, 0);
    const expected = reference(anchors);
    expect(table.find('A70000')).toBe(1);
    expect(table.find('A70001')).toBe(anchors.length - 2);
    expect(table.find('A20001')).toBe(20_001);
    expect(table.find('A20002')).toBe(-1);
    expect(table.shadowed).toEqual(expected.shadowed);
    expect(table.shadowed).toEqual([anchors.length - 3, anchors.length - 1]);
  });

  it('takes the prefix of the first anchor that has one: others, numbered or not, go by hash', () => {
    const anchors = ['X', 'A07', 'R0', 'R1', 'A1', 'R01', 'R2', 'A07', 'R1'];
    const table = tableOf(anchors, 0);
    const expected = reference(anchors);
    for (const anchor of [...anchors, 'R3', 'A2', 'R']) expect(table.find(anchor), anchor).toBe(expected.find(anchor));
    expect(table.shadowed).toEqual([7, 8]);
  });
});

/** The compact ID set: exact on membership for many distinct values, and growth keeps them all. */
import { describe, expect, it } from 'vitest';
import { CompactIdSet } from './compact-id-set.js';

describe('CompactIdSet', () => {
  it('adds, finds and refuses duplicates across growth', () => {
    const set = new CompactIdSet();
    for (let i = 0; i < 200_000; i++) expect(set.add(`A${i}`)).toBe(true);
    expect(set.size).toBe(200_000);
    for (let i = 0; i < 200_000; i += 997) {
      expect(set.has(`A${i}`)).toBe(true);
      expect(set.add(`A${i}`)).toBe(false);
    }
    for (let i = 200_000; i < 400_000; i += 991) expect(set.has(`A${i}`)).toBe(false);
    expect(set.has('')).toBe(false);
    expect(set.add('')).toBe(true);
    expect(set.has('')).toBe(true);
  });

  it('answers as a set of strings, with IDs numbered and not, under many prefixes, repeated and far apart', () => {
    let seed = 7;
    const pick = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % n;
    };
    // Numbered (`A12`) under up to 20 prefixes (past 16, a prefix goes by hash), with leading zeros (`A012`, not `A12`),
    // far beyond the others (kept by hash until the others catch up), and IDs that are not numbered at all.
    const forms = [
      () => `${'ABCDEFGHIJKLMNOPQRST'[pick(20)]}${pick(3000)}`,
      () => `A${pick(3000)}`,
      () => `A0${pick(30)}`,
      () => `R${pick(2) === 0 ? pick(40) : 500_000 + pick(100)}`,
      () => `${pick(50)}`,
      () => ['', 'X', 'A', 'A-1', 'A1a', 'Aé1', 'A1 2'][pick(7)],
      () => `A${'9'.repeat(9 + pick(3))}`,
    ];
    for (let round = 0; round < 4; round++) {
      const set = new CompactIdSet();
      const expected = new Set<string>();
      for (let i = 0; i < 20_000; i++) {
        const id = forms[pick(forms.length)]();
        expect(set.add(id), id).toBe(!expected.has(id));
        expected.add(id);
        const other = forms[pick(forms.length)]();
        expect(set.has(other), other).toBe(expected.has(other));
      }
      expect(set.size).toBe(expected.size);
      for (const id of expected) expect(set.has(id), id).toBe(true);
    }
  });

  it('refuses again an ID first met far beyond its prefix\'s other numbers, once they caught up', () => {
    const set = new CompactIdSet();
    expect(set.add('A1')).toBe(true);
    expect(set.add('A600000')).toBe(true);
    for (let i = 2; i < 80_000; i++) set.add(`A${i}`);
    expect(set.has('A600000')).toBe(true);
    expect(set.has('A600001')).toBe(false);
    expect(set.add('A600000')).toBe(false);
    expect(set.add('A600001')).toBe(true);
    expect(set.add('A600001')).toBe(false);
    expect(set.size).toBe(80_001);
  });
});

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
});

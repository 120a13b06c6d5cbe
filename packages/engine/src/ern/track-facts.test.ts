import { describe, expect, it } from 'vitest';
import { NumbersPerGroup, trackFacts } from './track-facts.js';
import type { Release } from './model.js';

describe('NumbersPerGroup', () => {
  it('tells new numbers from repeats per group, in range and beyond it, and counts the distinct ones', () => {
    const seen = new NumbersPerGroup([3, 0, 2]);
    expect([seen.add(0, 1), seen.add(0, 3), seen.add(0, 1), seen.add(0, 4), seen.add(0, 4), seen.add(0, 0), seen.add(0, -2)]).toEqual([true, true, false, true, false, true, true]);
    // A group's numbers are its own: 1 in group 2 is new, as is any number in the group of size 0.
    expect([seen.add(2, 1), seen.add(2, 2), seen.add(2, 2), seen.add(1, 1), seen.add(1, 1)]).toEqual([true, true, false, true, false]);
    expect([seen.count(0), seen.count(1), seen.count(2)]).toEqual([5, 1, 2]);
  });
});

describe('trackFacts', () => {
  const track = (ref: string, sequence: number) => ({ resourceReference: { value: ref, path: '', line: 1, column: 1 }, sequence, groupPath: [1], linked: [] as string[] });
  /** A release with `n` tracks named A1…An in a list that is the same object at each read (as a long list kept as bytes is). */
  const album = (n: number) => ({ tracks: Object.freeze(Array.from({ length: n }, (_, i) => track(`A${i + 1}`, i + 1))) }) as unknown as Release;

  it('remembers a long list (asked again, it is not read), and when asked early only if every resource was found', () => {
    const known = new Map<string, number>();
    let lookups = 0;
    const of = trackFacts((ref) => {
      lookups++;
      return known.get(ref) ?? -1;
    });
    for (let i = 1; i < 100; i++) known.set(`A${i}`, i - 1);
    const release = album(100);
    // Asked early (before the message's end) with A100 not found yet: answered, not remembered.
    const early = of(release, true);
    expect(early.numbers[99]).toBe(-1);
    expect(lookups).toBe(100);
    // A100 comes: the next question reads the list again and finds it.
    known.set('A100', 99);
    const later = of(release, true);
    expect(later.numbers[99]).toBe(99);
    expect(lookups).toBe(200);
    // Every resource found: remembered, so the rules at the end read nothing.
    expect(of(release)).toBe(later);
    expect(lookups).toBe(200);
    expect(Array.from(later.numbers)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(Array.from(later.sequences!)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('remembers a long list asked at the end whatever it found (references that never resolve stay -1)', () => {
    let lookups = 0;
    const of = trackFacts(() => {
      lookups++;
      return -1;
    });
    const release = album(64);
    const facts = of(release);
    expect(of(release)).toBe(facts);
    expect(lookups).toBe(64);
    // A short list is not remembered.
    const short = album(10);
    of(short);
    of(short);
    expect(lookups).toBe(84);
  });
});

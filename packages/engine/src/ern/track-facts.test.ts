import { describe, expect, it } from 'vitest';
import { NumbersPerGroup } from './track-facts.js';

describe('NumbersPerGroup', () => {
  it('tells new numbers from repeats per group, in range and beyond it, and counts the distinct ones', () => {
    const seen = new NumbersPerGroup([3, 0, 2]);
    expect([seen.add(0, 1), seen.add(0, 3), seen.add(0, 1), seen.add(0, 4), seen.add(0, 4), seen.add(0, 0), seen.add(0, -2)]).toEqual([true, true, false, true, false, true, true]);
    // A group's numbers are its own: 1 in group 2 is new, as is any number in the group of size 0.
    expect([seen.add(2, 1), seen.add(2, 2), seen.add(2, 2), seen.add(1, 1), seen.add(1, 1)]).toEqual([true, true, false, true, false]);
    expect([seen.count(0), seen.count(1), seen.count(2)]).toEqual([5, 1, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { allocateCents, toMicroUsd } from './money.js';

describe('money', () => {
  it('multiplies decimal texts exactly into millionths of a dollar', () => {
    expect(toMicroUsd('0.1', '3')).toBe(300_000n);
    expect(toMicroUsd('1.005', '1.08')).toBe(1_085_400n);
    expect(toMicroUsd('0.0000015', '1')).toBe(2n); // half to even: 1.5 -> 2
    expect(toMicroUsd('0.0000025', '1')).toBe(2n); // 2.5 -> 2
    expect(toMicroUsd('-4.20', '1.27')).toBe(-5_334_000n);
    expect(() => toMicroUsd('1,2', '1')).toThrow(/not a decimal/);
  });

  it('rounds once: rows add up to the rounded total to the cent', () => {
    // Three rows of 1/3 dollar: each alone would round to 33 cents (99); the total is 100 cents.
    const third = 333_333n;
    const cents = allocateCents([third, third, third + 1n], 10_000n);
    expect(cents.reduce((a, b) => a + b, 0n)).toBe(100n);
    expect(cents).toEqual([33n, 33n, 34n]);
    for (let seed = 1; seed < 50; seed++) {
      const values = Array.from({ length: 17 }, (_, i) => BigInt(((seed * 7919 * (i + 3)) % 2_000_003) - 500_000));
      const total = values.reduce((a, b) => a + b, 0n);
      const sum = allocateCents(values, 10_000n).reduce((a, b) => a + b, 0n);
      const expected = (total < 0n ? -1n : 1n) * (((total < 0n ? -total : total) + 5_000n) / 10_000n);
      expect(sum).toBe(expected);
    }
  });
});

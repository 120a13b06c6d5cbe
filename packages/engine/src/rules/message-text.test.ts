import { describe, expect, it } from 'vitest';
import { listed, numberRanges } from './message-text.js';

describe('numberRanges', () => {
  it('writes runs as ranges and single numbers alone', () => {
    expect(numberRanges([1, 3])).toBe('1, 3');
    expect(numberRanges([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
    expect(numberRanges([])).toBe('');
  });

  it('keeps a message short for a release of tens of thousands of tracks', () => {
    const numbers = Array.from({ length: 39_542 }, (_, i) => i + 1).filter((n) => n !== 30_000);
    expect(numberRanges(numbers)).toBe('1-29999, 30001-39542');
    const scattered = Array.from({ length: 1000 }, (_, i) => 2 * i + 1);
    const text = numberRanges(scattered);
    expect(text).toBe('1, 3, 5, 7, 9, 11, 13, 15 and 992 more');
  });
});

describe('listed', () => {
  it('names up to eight values, then counts the rest', () => {
    expect(listed(['R1', 'R2'])).toBe('R1, R2');
    expect(listed(Array.from({ length: 400 }, (_, i) => `R${i + 1}`))).toBe('R1, R2, R3, R4, R5, R6, R7, R8 and 392 more');
    expect(listed([])).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { memoByText } from './memo-by-text.js';

describe('memoByText', () => {
  it('reads a text once while it is kept, null results included', () => {
    const reads: string[] = [];
    const memo = memoByText((text) => (reads.push(text), text === 'x' ? null : text.length));
    expect([memo('ab'), memo('x'), memo('ab'), memo('x')]).toEqual([2, null, 2, null]);
    expect(reads).toEqual(['ab', 'x']);
  });

  it('empties itself when full and keeps answering right', () => {
    const reads: string[] = [];
    const memo = memoByText((text) => (reads.push(text), text.toUpperCase()), 2);
    expect(['a', 'b', 'a', 'c', 'a', 'c'].map(memo)).toEqual(['A', 'B', 'A', 'C', 'A', 'C']);
    // 'c' found it full (a, b) and emptied it; 'a' was read again after that.
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});

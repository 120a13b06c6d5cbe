import { describe, expect, it } from 'vitest';
import { numberFrom, numberStart } from './numbered-text.js';

describe('numbered texts', () => {
  it('finds the number of a prefix and a number written without a leading zero, and nothing else', () => {
    const numbered = (text: string) => {
      const p = numberStart(text);
      return p < 0 ? null : [text.slice(0, p), numberFrom(text, p)];
    };
    expect(numbered('A1')).toEqual(['A', 1]);
    expect(numbered('R41463')).toEqual(['R', 41463]);
    expect(numbered('A0')).toEqual(['A', 0]);
    expect(numbered('PArtist12')).toEqual(['PArtist', 12]);
    expect(numbered('A1B2')).toEqual(['A1B', 2]);
    expect(numbered('A999999999')).toEqual(['A', 999_999_999]);
    // A leading zero (two texts would give one number), no prefix, no number, ten digits or more.
    for (const text of ['A07', 'A00', '123', '', 'A', 'A1a', 'A-', 'A1234567890', 'A 1 ']) expect(numbered(text), text).toBeNull();
  });
});

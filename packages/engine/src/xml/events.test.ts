/** grouped writes a count as toLocaleString('en-US') does, without ICU. */
import { describe, expect, it } from 'vitest';
import { grouped } from './events.js';

describe('grouped', () => {
  it('groups thousands as en-US does', () => {
    const values = [0, 7, 999, 1000, 10_000, 20_000, 100_000, 999_999, 1_000_000, 4_000_000, 1_234_567_890, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))));
    for (const n of values) expect(grouped(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(grouped(10_000)).toBe('10,000');
  });
});

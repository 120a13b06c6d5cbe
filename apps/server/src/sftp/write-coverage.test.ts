/** WrittenRanges: holes, the whole prefix and the stretches ahead, for writes in and out of order. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WrittenRanges } from './write-coverage.js';

type Case = { name: string; sizeAtOpen: number; writes: [number, number][]; whole: number; end: number; holes: number; pieces: number };

const cases: Case[] = [
  { name: 'nothing written', sizeAtOpen: 0, writes: [], whole: 0, end: 0, holes: 0, pieces: 0 },
  { name: 'in order', sizeAtOpen: 0, writes: [[0, 10], [10, 20], [20, 25]], whole: 25, end: 25, holes: 0, pieces: 0 },
  { name: 'one byte far ahead', sizeAtOpen: 0, writes: [[99, 100]], whole: 0, end: 100, holes: 99, pieces: 1 },
  { name: 'ahead, then the gap filled', sizeAtOpen: 0, writes: [[20, 30], [0, 10], [10, 20]], whole: 30, end: 30, holes: 0, pieces: 0 },
  { name: 'two stretches ahead, apart', sizeAtOpen: 0, writes: [[50, 60], [20, 30]], whole: 0, end: 60, holes: 40, pieces: 2 },
  { name: 'stretches ahead that touch merge', sizeAtOpen: 0, writes: [[50, 60], [30, 40], [40, 50]], whole: 0, end: 60, holes: 30, pieces: 1 },
  { name: 'one write spanning several stretches', sizeAtOpen: 0, writes: [[20, 25], [40, 45], [60, 65], [22, 62]], whole: 0, end: 65, holes: 20, pieces: 1 },
  { name: 'rewrites count once', sizeAtOpen: 0, writes: [[10, 20], [10, 20], [12, 18]], whole: 0, end: 20, holes: 10, pieces: 1 },
  { name: 'what the file held counts as written', sizeAtOpen: 100, writes: [[100, 110]], whole: 110, end: 110, holes: 0, pieces: 0 },
  { name: 'rewriting inside the old content', sizeAtOpen: 100, writes: [[0, 50]], whole: 100, end: 100, holes: 0, pieces: 0 },
  { name: 'ahead of the old content', sizeAtOpen: 100, writes: [[150, 160]], whole: 100, end: 160, holes: 50, pieces: 1 },
  { name: 'an empty write', sizeAtOpen: 0, writes: [[40, 40]], whole: 0, end: 0, holes: 0, pieces: 0 },
];

describe('WrittenRanges', () => {
  it.each(cases)('$name', ({ sizeAtOpen, writes, whole, end, holes, pieces }) => {
    const r = new WrittenRanges(sizeAtOpen);
    for (const [s, e] of writes) r.add(s, e);
    expect({ whole: r.wholeUpTo, end: r.end, holes: r.holes, pieces: r.pieces }).toEqual({ whole, end, holes, pieces });
  });

  it('agrees with a byte map for shuffled chunks, at every step', () => {
    for (let round = 0; round < 50; round++) {
      const size = 64 + crypto.randomInt(400);
      const chunks: [number, number][] = [];
      for (let at = 0; at < size; ) {
        const len = 1 + crypto.randomInt(24);
        chunks.push([at, Math.min(size, at + len)]);
        at += len;
      }
      chunks.sort(() => crypto.randomInt(3) - 1);
      const seen = new Uint8Array(size);
      const r = new WrittenRanges(0);
      for (const [s, e] of chunks) {
        r.add(s, e);
        seen.fill(1, s, e);
        const high = seen.lastIndexOf(1) + 1;
        const first = seen.indexOf(0);
        expect(r.end).toBe(high);
        expect(r.wholeUpTo).toBe(first === -1 || first > high ? high : first);
        expect(r.holes).toBe(seen.subarray(0, high).filter((b) => b === 0).length);
      }
      expect(r.holes).toBe(0);
      expect(r.wholeUpTo).toBe(size);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { dayNumber, parseIsoDate } from './iso-date.js';

describe('parseIsoDate', () => {
  it.each([
    ['2026-12-04', { year: 2026, month: 12, day: 4 }],
    ['2026-12', { year: 2026, month: 12, day: null }],
    ['2026', { year: 2026, month: null, day: null }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2026-12-04T10:30:00Z', { year: 2026, month: 12, day: 4 }],
    [' 2026-12-04+01:00 ', { year: 2026, month: 12, day: 4 }],
  ])('reads %j', (text, date) => {
    expect(parseIsoDate(text)).toEqual(date);
  });

  it.each(['2026-13-01', '2023-02-29', '2026-04-31', '2026T10:00:00', '2026-12-04T25:00:00', '04/12/2026', ''])('refuses %j', (text) => {
    expect(parseIsoDate(text)).toBeNull();
  });

  it('answers the same for a text read again, valid or not, and its shared result cannot be changed', () => {
    const first = parseIsoDate('2031-07-15');
    const again = parseIsoDate(['2031-07-', '15'].join(''));
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Modules are strict: writing to a frozen object throws.
    expect(() => {
      (first as { year: number }).year = 1999;
    }).toThrow(TypeError);
    expect(parseIsoDate('2031-07-15')).toEqual({ year: 2031, month: 7, day: 15 });
    expect(parseIsoDate('2031-02-30')).toBeNull();
    expect(parseIsoDate('2031-02-30')).toBeNull();
  });

  it('stays right past the size of its memo (many distinct dates)', () => {
    const days: number[] = [];
    for (let year = 2000; year < 2020; year++) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= 28; day++) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          days.push(dayNumber(parseIsoDate(text)!));
        }
      }
    }
    expect(days).toHaveLength(20 * 12 * 28);
    for (let i = 1; i < days.length; i++) expect(days[i]).toBeGreaterThan(days[i - 1]);
    expect(parseIsoDate('2000-01-01')).toEqual({ year: 2000, month: 1, day: 1 });
  });
});

describe('dayNumber', () => {
  it('counts a partial date from its first day as a start and its last day as an end', () => {
    const year = parseIsoDate('2020')!;
    expect(dayNumber(year, 'start')).toBe(dayNumber(parseIsoDate('2020-01-01')!));
    expect(dayNumber(year, 'end')).toBe(dayNumber(parseIsoDate('2020-12-31')!));
    expect(dayNumber(parseIsoDate('2024-02')!, 'end')).toBe(dayNumber(parseIsoDate('2024-02-29')!));
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY, compactNew, compactRecord } from './compact.js';

describe('compactRecord', () => {
  it('replaces every array of a record, nested ones too, with an equal copy; empty ones with the one shared, frozen empty list', () => {
    const titles = [{ text: 'A', roles: ['x'] }];
    const record = { reference: 'R1', titles, ids: { proprietary: ['p1', 'p2'] }, empty: [] as string[], when: null };
    const before = structuredClone(record);
    compactRecord(record);
    expect(record).toEqual(before);
    expect(record.titles).not.toBe(titles);
    expect(record.titles[0]).toBe(titles[0]);
    expect(record.ids.proprietary).toEqual(['p1', 'p2']);
    expect(record.empty).toBe(EMPTY);
    // A late push fails loudly instead of filling every record's empty list.
    expect(() => record.empty.push('late')).toThrow(TypeError);
    expect(EMPTY).toEqual([]);
  });

  it('compacts only the records appended since the last call', () => {
    const first = { list: ['a'] };
    const list: { list: string[] }[] = [first];
    const firstList = first.list;
    expect(compactNew(list, 0)).toBe(1);
    expect(first.list).not.toBe(firstList);
    const kept = first.list;
    list.push({ list: ['b'] });
    expect(compactNew(list, 1)).toBe(2);
    expect(first.list).toBe(kept);
  });

  it('shares one frozen list of one string between the records holding the same one', () => {
    const shared = new Map<string, readonly string[]>();
    const a = { types: ['TrackRelease'], roles: [['x']] };
    const b = { types: ['TrackRelease'], names: ['other'] };
    compactNew([a, b], 0, shared);
    expect(a.types).toEqual(['TrackRelease']);
    expect(b.types).toBe(a.types);
    expect(Object.isFrozen(a.types)).toBe(true);
    expect(b.names).toEqual(['other']);
    expect(a.roles).toEqual([['x']]);
  });
});

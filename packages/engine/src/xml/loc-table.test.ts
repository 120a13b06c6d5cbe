import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { runMessagePass } from './pass.js';
import { LocTable, type LocId } from './loc-table.js';
import { RESIDENT_PAGES } from '../ern/page-file.js';
import { locate } from './pass-events.js';
import type { Loc, OpenElement, XmlListener } from './events.js';

/** Locates every element of `xml` in a LocTable during a pass; also keeps `locate(el)` of each, to compare. */
async function locateAll(xml: string, table: LocTable, parseThread = false): Promise<{ ids: LocId[]; want: Loc[] }> {
  const ids: LocId[] = [];
  const want: Loc[] = [];
  const listener: XmlListener = {
    onOpen: (el) => {
      ids.push(table.add(el));
      const loc = locate(el);
      want.push({ line: loc.line, column: loc.column, path: loc.path });
    },
  };
  await runMessagePass(Readable.from([Buffer.from(xml)]), () => ({ listeners: [listener] }), { parseThread });
  return { ids, want };
}

const plain = (el: Partial<OpenElement> & { path: string; line: number; column: number }) => el as unknown as OpenElement;

describe('LocTable', () => {
  it("gives every element of a pass the line, column and path the pass's own locations give", async () => {
    const xml = '<M>\n  <L><R><I>a</I></R><R><I>b</I><I>c</I></R></L>\n  <L><R/></L>\n</M>';
    for (const parseThread of [false, true]) {
      const table = new LocTable();
      const { ids, want } = await locateAll(xml, table, parseThread);
      expect(ids).toEqual(ids.map((_, i) => i));
      expect(ids.map((id) => table.loc(id))).toEqual(want);
      expect(want.map((w) => w.path)).toContain('/M/L/R[2]/I[2]');
      expect(table.line(ids[ids.length - 1])).toBe(3);
    }
  });

  it('keeps the path of an element that is not from a pass (a test or a feeder builds it) as written', () => {
    const table = new LocTable();
    const a = table.add(plain({ path: '/M/R[3]', line: 4, column: 7 }));
    const b = table.add(plain({ path: '/M/R[4]/Title', line: 9, column: 2 }));
    expect(table.loc(a)).toEqual({ path: '/M/R[3]', line: 4, column: 7 });
    expect(table.loc(b)).toEqual({ path: '/M/R[4]/Title', line: 9, column: 2 });
    expect(table.row(b)).toBeLessThan(0);
  });

  it('refuses a number it never gave, naming it', () => {
    const table = new LocTable();
    table.add(plain({ path: '/M', line: 1, column: 1 }));
    expect(() => table.loc(1 as LocId)).toThrow('no location 1 in this message');
    expect(() => table.line(-1 as LocId)).toThrow(RangeError);
    expect(() => table.path(0.5 as LocId)).toThrow(RangeError);
  });

  it('keeps only the pages asked once shrunk (its rules done), locations and paths read back the same', async () => {
    // A pass's locations (rows in its path table): 60,000 elements, several pages of each.
    const xml = `<M>${Array.from({ length: 20_000 }, (_, i) => `<R n="${i}"><I>a</I><I>b</I></R>`).join('\n')}</M>`;
    const table = new LocTable();
    const { ids, want } = await locateAll(xml, table);
    table.shrink(1);
    for (let i = 0; i < ids.length; i += 13) expect(table.loc(ids[i])).toEqual(want[i]);
    for (let k = 0; k < 2000; k++) {
      const i = (k * 7919) % ids.length;
      expect(table.loc(ids[i])).toEqual(want[i]);
    }
  });

  it('reads locations back from its temporary file once its pages are beyond its budget in memory', () => {
    const saved = RESIDENT_PAGES.locs;
    RESIDENT_PAGES.locs = 2;
    try {
      const table = new LocTable();
      // Six pages of locations (16,384 a page).
      const ids: LocId[] = [];
      for (let i = 0; i < 100_000; i++) ids.push(table.add(plain({ path: `/M/R[${i + 1}]`, line: i + 1, column: (i % 80) + 1 })));
      expect(table.size).toBe(100_000);
      for (let k = 0; k < 3000; k++) {
        const i = (k * 7919) % 100_000;
        expect(table.loc(ids[i])).toEqual({ path: `/M/R[${i + 1}]`, line: i + 1, column: (i % 80) + 1 });
      }
    } finally {
      RESIDENT_PAGES.locs = saved;
    }
  });
});

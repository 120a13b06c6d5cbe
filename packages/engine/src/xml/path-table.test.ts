import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { runMessagePass } from './pass.js';
import { PathTable, TableLocated } from './path-table.js';
import { RESIDENT_PAGES } from '../ern/page-file.js';
import { PassElement, locate, locateValue, siblingIndexOf, lastStepOf } from './pass-events.js';
import type { ClosedElement, XmlListener } from './events.js';

const XML = '<M><L><R><I>a</I></R><R><I>b</I><I>c</I></R></L><L><R/></L></M>';

/** Runs the pass on `xml` with `listener`; returns the path table the pass's elements use. */
async function pass(xml: string, listener: XmlListener, parseThread = false): Promise<PathTable | null> {
  let table: PathTable | null = null;
  const spy: XmlListener = {
    onOpen: (el) => {
      if (el instanceof PassElement && !table) {
        el.locationRow();
        table = el.locationTable();
      }
    },
  };
  await runMessagePass(Readable.from([Buffer.from(xml)]), () => ({ listeners: [spy, listener] }), { parseThread });
  return table;
}

describe('PathTable', () => {
  it('joins the rows of an element and its ancestors, with sibling indices from the second one', () => {
    const t = new PathTable();
    const m = t.add(-1, t.segment('M'), 1);
    const l = t.add(m, t.segment('L'), 2);
    const r = t.add(l, t.segment('R'), 1);
    expect(t.path(r)).toBe('/M/L[2]/R');
    expect(t.path(m)).toBe('/M');
    expect(t.segment('L')).toBe(t.segment('L'));
    expect(t.size).toBe(3);
  });

  it('shares one relative row between the same steps below different records', () => {
    const t = new PathTable();
    const m = t.add(-1, t.segment('M'), 1);
    const r1 = t.add(m, t.segment('R'), 1);
    const r2 = t.add(m, t.segment('R'), 2);
    const id = t.rel(-1, t.segment('Id'), 1);
    const icpn = t.rel(id, t.segment('ICPN'), 2);
    expect(t.rel(-1, t.segment('Id'), 1)).toBe(id);
    expect(t.rel(id, t.segment('ICPN'), 2)).toBe(icpn);
    expect(t.path(r1, icpn)).toBe('/M/R/Id/ICPN[2]');
    expect(t.path(r2, icpn)).toBe('/M/R[2]/Id/ICPN[2]');
    expect(t.relSize).toBe(2);
    // Parts too large for the numeric key still intern, by a string key.
    const far = t.rel(icpn, t.segment('X'), 5_000_000);
    expect(t.rel(icpn, t.segment('X'), 5_000_000)).toBe(far);
    expect(t.path(r2, far)).toBe('/M/R[2]/Id/ICPN[2]/X[5000000]');
    // A row below a relative row: the record's row, then the relative steps, then its own.
    const item = t.addBelow(r2, icpn, t.segment('C'), 40);
    expect(t.path(item)).toBe('/M/R[2]/Id/ICPN[2]/C[40]');
    expect(t.path(item, t.rel(-1, t.segment('S'), 1))).toBe('/M/R[2]/Id/ICPN[2]/C[40]/S');
    expect(t.path(t.addBelow(item, -1, t.segment('D'), 7))).toBe('/M/R[2]/Id/ICPN[2]/C[40]/D[7]');
  });

  it('reads rows back from its temporary file once its pages are beyond its budget in memory', () => {
    const saved = RESIDENT_PAGES.rows;
    RESIDENT_PAGES.rows = 2;
    try {
      const t = new PathTable();
      const m = t.add(-1, t.segment('M'), 1);
      const list = t.add(m, t.segment('L'), 1);
      const rows: number[] = [];
      // Eight pages of rows (16,384 a page), each record with a child row.
      for (let i = 1; i <= 65_000; i++) {
        const r = t.add(list, t.segment('R'), i);
        rows.push(r, t.add(r, t.segment('C'), i % 3 + 1));
      }
      for (let k = 0; k < 2000; k++) {
        const i = (k * 7919) % 65_000;
        const c = ((i + 1) % 3) + 1;
        expect(t.path(rows[2 * i])).toBe(i === 0 ? '/M/L/R' : `/M/L/R[${i + 1}]`);
        expect(t.path(rows[2 * i + 1])).toBe(`${i === 0 ? '/M/L/R' : `/M/L/R[${i + 1}]`}/C${c > 1 ? `[${c}]` : ''}`);
      }
    } finally {
      RESIDENT_PAGES.rows = saved;
    }
  });

  it('grows past its first capacity', () => {
    const t = new PathTable();
    let row = t.add(-1, t.segment('M'), 1);
    for (let i = 2; i <= 5000; i++) row = t.add(0, t.segment('R'), i);
    expect(t.size).toBe(5000);
    expect(t.path(row)).toBe('/M/R[5000]');
  });
});

describe('paths of the pass, built when read', () => {
  it('takes no row while nobody asks for a location, and only the ancestors it needs when asked', async () => {
    let asked: ReturnType<typeof locate> | null = null;
    const silent = await pass(XML, { onClose: () => {} });
    // The spy took the root's row to reach the table; nothing else did.
    expect(silent!.size).toBe(1);
    const table = await pass(XML, {
      onClose: (el) => {
        if (el.name === 'I' && el.text === 'c') asked = locate(el);
      },
    });
    // M (already there), L, R[2]: one anchored row per step, nothing for the other elements; I[2] is a relative row.
    expect(table!.size).toBe(3);
    expect(table!.relSize).toBe(1);
    expect(asked!.path).toBe('/M/L/R[2]/I[2]');
  });

  it('gives every element the path its position says, read during the event or after the pass, on either thread', async () => {
    for (const parseThread of [false, true]) {
      const during: string[] = [];
      const kept: ReturnType<typeof locate>[] = [];
      const values: ReturnType<typeof locateValue<string>>[] = [];
      await pass(
        XML,
        {
          onClose: (el: ClosedElement) => {
            during.push(el.path);
            kept.push(locate(el));
            if (el.text) values.push(locateValue(el, el.text));
          },
        },
        parseThread,
      );
      expect(during).toEqual(['/M/L/R/I', '/M/L/R', '/M/L/R[2]/I', '/M/L/R[2]/I[2]', '/M/L/R[2]', '/M/L', '/M/L[2]/R', '/M/L[2]', '/M']);
      expect(kept.map((k) => k.path)).toEqual(during);
      expect(values.map((v) => [v.value, v.path])).toEqual([
        ['a', '/M/L/R/I'],
        ['b', '/M/L/R[2]/I'],
        ['c', '/M/L/R[2]/I[2]'],
      ]);
      expect(values[2]).toBeInstanceOf(TableLocated);
      expect(JSON.parse(JSON.stringify(values[2]))).toEqual({ value: 'c', line: 1, column: 33, path: '/M/L/R[2]/I[2]' });
    }
  });

  it('gives an element among many siblings below a record an anchored row of its own, and its children shared relative rows', async () => {
    const items = Array.from({ length: 200 }, (_, i) => `<C><S>${i + 1}</S><Ref>A${i + 1}</Ref></C>`).join('');
    const xml = `<M><L><R><G>${items}</G><G><C><S>x</S></C></G></R></L></M>`;
    const paths: string[] = [];
    const want: string[] = [];
    const stack: string[] = [];
    const counts: Map<string, number>[] = [new Map()];
    const table = await pass(xml, {
      onOpen: (el) => {
        const n = (counts[counts.length - 1].get(el.name) ?? 0) + 1;
        counts[counts.length - 1].set(el.name, n);
        stack.push(n > 1 ? `/${el.name}[${n}]` : `/${el.name}`);
        counts.push(new Map());
      },
      onClose: (el) => {
        want.push(stack.join(''));
        stack.pop();
        counts.pop();
        paths.push(locate(el).path);
      },
    });
    expect(paths).toEqual(want);
    expect(paths).toContain('/M/L/R/G/C[200]/Ref');
    // Rows of their own for C[33]..C[200] (168) beside M, L, R; relative rows: G and G[2], C up to C[32] with their S and Ref,
    // G[2]'s C and its S, and S and Ref under any C of its own row (shared by the 168).
    expect(table!.size).toBe(3 + 168);
    expect(table!.relSize).toBe(2 + 32 * 3 + 2 + 2);
  });

  it('gives sibling index and last step without building a path, and a spread copy holds no table', async () => {
    const seen: [number, string, string[]][] = [];
    await pass(XML, { onOpen: (el) => seen.push([siblingIndexOf(el), lastStepOf(el), Object.keys({ ...el })]) });
    expect(seen.map(([i, step]) => `${i}:${step}`)).toEqual(['1:M', '1:L', '1:R', '1:I', '2:R[2]', '1:I', '2:I[2]', '2:L[2]', '1:R']);
    for (const [, , keys] of seen) expect(keys).not.toContain('table');
    expect(seen[0][2]).toEqual(expect.arrayContaining(['name', 'ns', 'attrs', 'bare', 'depth', 'line', 'column']));
  });

  it('locates an element at the deepest nesting read, its ancestors placed in one step', async () => {
    const depth = 255;
    const xml = '<a>'.repeat(depth) + '<b/>' + '</a>'.repeat(depth);
    let where: ReturnType<typeof locate> | null = null;
    const table = await pass(xml, { onClose: (el) => void (el.name === 'b' && (where = locate(el))) });
    expect(table!.size).toBe(3);
    expect(table!.relSize).toBe(depth + 1 - 3);
    expect(where!.path).toBe('/a'.repeat(depth) + '/b');
  });

  it('locates hand-built elements (tests, feeders) by their own path', () => {
    const el = { name: 'I', ns: '', attrs: {}, path: '/M/L/R[2]/I[3]', bare: '/M/L/R/I', depth: 4, line: 7, column: 3 };
    expect(locate(el)).toEqual({ line: 7, column: 3, path: '/M/L/R[2]/I[3]' });
    expect(locateValue(el, 'x')).toEqual({ value: 'x', line: 7, column: 3, path: '/M/L/R[2]/I[3]' });
    expect(siblingIndexOf(el)).toBe(3);
    expect(lastStepOf(el)).toBe('I[3]');
  });
});

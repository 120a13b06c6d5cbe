import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordStore } from './record-store.js';
import { RecordList } from './record-list.js';
import { keptList, StoredList } from './stored-list.js';
import { RESIDENT_PAGES } from './page-file.js';
import { PathTable, TableLoc, TableLocated } from '../xml/path-table.js';
import { validate } from '../validate.js';
import { IN_SCOPE_SETS, readSampleIndex } from '../corpus/sample-index.js';
import { readSample, readXml } from './testing/read-message.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';

/** Writes `record` and gives its view. */
function add(store: RecordStore, record: Record<string, unknown>): object {
  return store.view(store.write(record));
}

/** Writes the records of `list` through a RecordList and puts a view of each in its place; gives the RecordList. */
function seal(store: RecordStore, list: Record<string, unknown>[]): RecordList<Record<string, unknown>> {
  const stored = new RecordList<Record<string, unknown>>(store);
  for (const record of list) stored.push(record);
  stored.seal();
  list.forEach((_, i) => (list[i] = stored.at(i)!));
  return stored;
}

describe('RecordStore', () => {
  const table = new PathTable();
  const m = table.add(-1, table.segment('M'), 1);
  const r7 = table.add(m, table.segment('R'), 7);
  const isrc = table.rel(-1, table.segment('ISRC'), 1);

  it('gives back every kind of value a record holds, field by field and whole', () => {
    const store = new RecordStore();
    const wide = 'Ταξίδι 旅 🎵';
    const record = {
      loc: new TableLoc(r7, -1, 1000, 5, table),
      text: 'Benchmark Records',
      empty: '',
      wide,
      latin1: 'Café déjà vu ÿ',
      ints: [0, 1, -1, 127, 128, 300, -70000, 0x3fffffff, -0x40000000],
      floats: [0.5, -0, 2 ** 40, -(2 ** 45), Number.NaN, Number.POSITIVE_INFINITY],
      flags: [true, false, null, undefined],
      nested: { a: [{ b: 'x', c: [1, 2] }, { b: 'y', c: [] }], d: null },
      isrc: new TableLocated('GBXYZ0000006', r7, isrc, 1004, 11, table),
      before: new TableLoc(r7, isrc, 990, 3, table),
      other: new Date(0),
    };
    const view = add(store, record) as typeof record;
    expect(view.text).toBe('Benchmark Records');
    expect(view.empty).toBe('');
    expect(view.wide).toBe(wide);
    expect(view.latin1).toBe(record.latin1);
    expect(view.ints).toEqual(record.ints);
    expect(view.floats).toEqual(record.floats);
    expect(Object.is(view.floats[1], -0)).toBe(true);
    expect(view.flags).toEqual([true, false, null, undefined]);
    expect(view.nested).toEqual(record.nested);
    expect(view.isrc).toBeInstanceOf(TableLocated);
    expect(view.isrc.toJSON()).toEqual({ value: 'GBXYZ0000006', line: 1004, column: 11, path: '/M/R[7]/ISRC' });
    // A location before its record's own line (written as a negative difference).
    expect(view.before.toJSON()).toEqual({ line: 990, column: 3, path: '/M/R[7]/ISRC' });
    expect(view.loc.path).toBe('/M/R[7]');
    expect(view.other).toBe(record.other);
    expect(Object.keys(view)).toEqual([]);
    expect(JSON.parse(JSON.stringify(view))).toEqual(JSON.parse(JSON.stringify(record)));
    expect(store.bytes).toBeGreaterThan(0);
  });

  it('writes texts in place once a field has met many values: short and long, Latin-1 and wide, a wide character first, last or nowhere', () => {
    const store = new RecordStore();
    const slot = store.newSlot();
    const texts: string[] = [];
    // The first 64 distinct values of the field are interned; the rest are written in place.
    for (let i = 0; i < 64; i++) texts.push(`filler ${i}`);
    for (const length of [0, 1, 4, 31, 32, 33, 200]) {
      const latin1 = 'déjà ÿ x'.repeat(30).slice(0, length);
      texts.push(latin1, `€${latin1}`.slice(0, Math.max(1, length)), `${latin1.slice(0, length - 1)}旅`, `${latin1.slice(0, length >> 1)}🎵${latin1.slice(length >> 1)}`);
    }
    const addresses = texts.map((text, i) => store.write({ n: i, text, again: text.length >= 4 ? text : null }, slot));
    addresses.forEach((at, i) => expect(store.decode(at), `text ${i}`).toEqual({ n: i, text: texts[i], again: texts[i].length >= 4 ? texts[i] : null }));
  });

  it("tells whether a located value's text is a given text from the bytes, as reading the value would", () => {
    const store = new RecordStore();
    const slot = store.newSlot();
    // On the record's own row, or on another (the row difference written); each way of writing a string.
    const located = (value: string, i: number) => new TableLocated(value, i % 2 === 0 ? r7 : m, isrc, 1001 + i, 5, table);
    const references: (string | null)[] = ['R-same', 'Ré1', 'R€1', null, '', ...Array.from({ length: 80 }, (_, i) => `R${i}`)];
    const addresses = references.map((ref, i) =>
      store.write({ loc: new TableLoc(r7, -1, 1000 + i, 3, table), title: i === 0 ? 'R-same' : 'x', reference: ref === null ? null : located(ref, i), plain: 'R1' }, slot),
    );
    const texts = ['R-same', 'R-sam', 'Ré1', 'Re1', 'R€1', 'R€2', '', 'R1', 'R79', 'R7', 'R80', 'x'];
    let compared = 0;
    for (const at of addresses) {
      const reference = (store.decode(at).reference as TableLocated | null)?.value ?? null;
      for (const text of texts) {
        expect(store.locatedTextIs(at, 2, text), `${reference} against ${text}`).toBe(reference === text);
        compared++;
      }
      // A field that is not a located value: not told this way.
      expect(store.locatedTextIs(at, 3, 'R1')).toBeNull();
    }
    expect(compared).toBe(references.length * texts.length);
    // Past 64 distinct values the field's strings are written in place, before that interned: both ways were compared.
    expect(store.decode(addresses.at(-1)!).reference).toBeInstanceOf(TableLocated);
  });

  it("reads a field's text, and its first item's, from the bytes as reading the value would, or says it cannot", () => {
    const store = new RecordStore();
    const slot = store.newSlot();
    const located = (value: string, i: number) => new TableLocated(value, i % 2 === 0 ? r7 : m, isrc, 1001 + i, 5, table);
    const titles = (i: number): unknown => {
      if (i % 7 === 0) return [];
      if (i % 7 === 1) return null;
      // The wanted key after a run of nulls and a list; a title without the key; the text not a string.
      if (i % 7 === 2) return [{ type: null, territory: null, parts: ['a', 'b'], text: `Title ${i}` }, { text: 'second' }];
      if (i % 7 === 3) return [{ type: 'x' }];
      if (i % 7 === 4) return [{ text: 7 }];
      if (i % 7 === 5) return ['not an object'];
      return [{ text: i % 2 ? `Tí ${i}` : 'Tí 旅', type: 'DisplayTitle' }];
    };
    const values = (i: number) => ({
      loc: new TableLoc(r7, -1, 1000 + i, 3, table),
      reference: i % 5 === 0 ? null : located(i % 3 ? `R${i}` : 'R€', i),
      plain: i % 4 === 0 ? 'same' : `plain ${i}`,
      count: i,
      titles: titles(i),
      // A located value whose value is not a string.
      odd: new TableLocated(i % 2 ? 5 : null, r7, isrc, 1000, 1, table),
    });
    const addresses = Array.from({ length: 140 }, (_, i) => store.write(values(i), slot));
    addresses.forEach((at, i) => {
      const record = store.decode(at) as Record<string, unknown>;
      const text = (v: unknown) => (v === null ? null : v instanceof TableLocated ? (typeof v.value === 'string' ? v.value : v.value === null ? null : undefined) : typeof v === 'string' ? v : undefined);
      expect(store.textOf(at, 1), `reference ${i}`).toBe(text(record.reference));
      expect(store.textOf(at, 2), `plain ${i}`).toBe(record.plain);
      expect(store.textOf(at, 3), `count ${i}`).toBeUndefined();
      expect(store.textOf(at, 5), `odd ${i}`).toBe(i % 2 ? undefined : null);
      const list = record.titles as unknown[] | null;
      const first = list?.[0];
      const wanted = list === null || list.length === 0 ? null : first !== null && typeof first === 'object' ? text((first as Record<string, unknown>).text ?? null) : undefined;
      expect(store.firstItemTextOf(at, 4, 'text'), `titles ${i}`).toBe(wanted);
      // A list is not a text, and a text is not a list.
      expect(store.textOf(at, 4)).toBe(list === null ? null : undefined);
      expect(store.firstItemTextOf(at, 2, 'text')).toBeUndefined();
    });
  });

  it('writes a string met again in a record as a reference back, also across containers whose lengths grow', () => {
    const store = new RecordStore();
    const long = 'y'.repeat(300);
    const title = 'Benchmark Track 6';
    const record = {
      first: title,
      titles: [
        { text: title, pad: long, inner: [title, long, { deeper: title }] },
        { text: title, pad: long },
      ],
      after: title,
      again: [long, long],
      wide: ['Ταξίδι 旅', 'Ταξίδι 旅'],
    };
    const view = add(store, record) as typeof record;
    expect(JSON.parse(JSON.stringify(view))).toEqual(record);
    expect(view.titles[1].text).toBe(title);
    expect(view.after).toBe(title);
    expect(view.again).toEqual([long, long]);
    // Written once each, not five times and three times.
    expect(store.bytes).toBeLessThan(2 * long.length + 5 * title.length);
  });

  it('writes a record again when a field is assigned, and keeps the others', () => {
    const store = new RecordStore();
    const view = add(store, { kind: 'other', names: ['a'], n: 1 }) as { kind: string; names: string[]; n: number };
    expect(view.kind).toBe('other');
    view.kind = 'main';
    view.names = ['a', 'b'];
    expect(view.kind).toBe('main');
    expect(view.names).toEqual(['a', 'b']);
    expect(view.n).toBe(1);
  });

  it('interns a field of few values and writes a field of many in place, both read back the same', () => {
    const store = new RecordStore();
    const list: Record<string, unknown>[] = [];
    for (let i = 0; i < 500; i++) list.push({ role: i % 2 ? 'MainArtist' : 'Producer', title: `Track ${i}` });
    seal(store, list);
    list.forEach((view, i) => {
      expect(view.role).toBe(i % 2 ? 'MainArtist' : 'Producer');
      expect(view.title).toBe(`Track ${i}`);
    });
    // 500 titles of about 10 bytes each: in place, so about 6 KB, not 500 list entries of strings.
    expect(store.bytes).toBeLessThan(500 * 16);
  });

  it('holds records larger than a page and many pages of small ones', () => {
    const store = new RecordStore();
    const big = { titles: Array.from({ length: 100_000 }, (_, i) => ({ text: `Title number ${i}`, n: i })) };
    const small: Record<string, unknown>[] = [];
    for (let i = 0; i < 20_000; i++) small.push({ ref: `R${i}`, text: 'x'.repeat(100) + i });
    const before = add(store, { ref: 'first' }) as { ref: string };
    seal(store, small);
    const view = add(store, big) as typeof big;
    const after = add(store, { ref: 'last' }) as { ref: string };
    expect(view.titles.length).toBe(100_000);
    expect(view.titles[99_999]).toEqual({ text: 'Title number 99999', n: 99_999 });
    expect(before.ref).toBe('first');
    expect(after.ref).toBe('last');
    expect(small[12_345].ref).toBe('R12345');
    expect(small[19_999].text).toBe('x'.repeat(100) + 19_999);
  });

  it('keeps a list read in order, over many pages, with its locations', () => {
    const store = new RecordStore();
    const rows = Array.from({ length: 50 }, (_, i) => table.add(m, table.segment('R'), i + 1));
    type Item = { v: number; loc: TableLoc; text: string };
    const list = new StoredList<Item>(store, (x) => ({ ...x }), (r) => r as unknown as Item);
    const n = 120_000;
    // Rows and lines that go up and down between items (written as differences to the item before).
    const item = (i: number): Item => ({ v: i, loc: new TableLoc(rows[(i * 7) % 50], i % 3 === 0 ? isrc : -1, 100_000 + ((i * 13) % 997) * (i % 2 ? 1 : -1), i % 80, table), text: `item ${i} `.repeat(i % 5) });
    for (let i = 0; i < n; i++) list.push(item(i));
    expect(list.length).toBe(n);
    expect(store.bytes).toBeGreaterThan(2 * (1 << 20));
    let i = 0;
    for (const got of list) {
      const want = item(i++);
      expect(got.v).toBe(want.v);
      expect(got.text).toBe(want.text);
      expect(got.loc.toJSON()).toEqual(want.loc.toJSON());
    }
    expect(i).toBe(n);
    // Read twice: iteration keeps no state in the list.
    expect([...list].length).toBe(n);
  });

  describe('beyond its budget of pages in memory', () => {
    const saved = { ...RESIDENT_PAGES };
    const tmp = process.env.TMPDIR;
    beforeEach(() => {
      RESIDENT_PAGES.records = 3;
      RESIDENT_PAGES.ordered = 1;
    });
    afterEach(() => {
      Object.assign(RESIDENT_PAGES, saved);
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    });

    /** 40,000 records of about 300 bytes (12 pages), sealed as views. */
    function fill(store: RecordStore) {
      const list: Record<string, unknown>[] = [];
      for (let i = 0; i < 40_000; i++) list.push({ ref: `R${i}`, text: `text ${i} `.repeat(30), n: i, nested: { a: i % 7, b: [`x${i}`, i] } });
      seal(store, list);
      return list as unknown as { ref: string; text: string; n: number; nested: { a: number; b: [string, number] } }[];
    }

    it('writes complete pages to a temporary file, keeps the budget in memory, and reads any record back in any order', () => {
      const store = new RecordStore();
      const list = fill(store);
      const stats = store.stats();
      expect(stats.pages).toBeGreaterThan(10);
      expect(stats.fileBytes).toBeGreaterThan(7 * (1 << 20));
      // The budget, plus the page being written.
      expect(stats.inMemory).toBeLessThanOrEqual(RESIDENT_PAGES.records + 1);
      // Scattered reads: each page comes back from the file while others leave.
      for (let k = 0; k < 3000; k++) {
        const i = (k * 7919) % list.length;
        const r = list[i];
        expect(r.ref).toBe(`R${i}`);
        expect(r.text).toBe(`text ${i} `.repeat(30));
        expect(r.nested).toEqual({ a: i % 7, b: [`x${i}`, i] });
      }
      expect(store.stats().inMemory).toBeLessThanOrEqual(RESIDENT_PAGES.records + 1);
      // A record assigned again is written anew, past the pages in the file.
      (list[5] as { n: number }).n = -5;
      expect(list[5].n).toBe(-5);
      expect(list[6].n).toBe(6);
      store.close();
    });

    it('reads the fields of a record in any order, one record after another or between reads of records on other pages (runs of nulls, more fields than the places it keeps)', () => {
      const store = new RecordStore();
      const FIELDS = 90;
      /** Field `f` of record `i`: runs of nulls, numbers, strings, nested values. */
      const valueOf = (i: number, f: number): unknown => {
        // Runs of one to four nulls.
        if ((i + f) % 9 < (i % 4) + 1) return null;
        const k = (i * 31 + f * 17) % 11;
        if (k < 4) return `t${k}`;
        if (k < 6) return i * 1000 + f;
        if (k < 8) return `v${i}.${f} `.repeat(1 + (f % 5));
        if (k === 8) return [`a${i}`, f, null, { x: f }];
        if (k === 9) return { deep: { i, f }, s: `s${f}` };
        return f % 2 === 0;
      };
      const originals: Record<string, unknown>[] = [];
      for (let i = 0; i < 12_000; i++) {
        const record: Record<string, unknown> = {};
        for (let f = 0; f < FIELDS; f++) record[`f${f}`] = valueOf(i, f);
        originals.push(record);
      }
      const list = [...originals];
      seal(store, list);
      expect(store.stats().pages).toBeGreaterThan(RESIDENT_PAGES.records + 1);
      let seed = 7;
      const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) % n);
      for (let k = 0; k < 4000; k++) {
        const i = random(list.length);
        // A few fields of one record in a row, in any order, now and then a record of another page in between.
        for (let j = 0; j < 6; j++) {
          const f = j === 0 ? FIELDS - 1 - random(3) : random(FIELDS);
          expect((list[i] as Record<string, unknown>)[`f${f}`], `record ${i} field ${f}`).toEqual(valueOf(i, f));
          const other = (i + 6000) % list.length;
          const between = random(4);
          if (between === 0) {
            const g = random(FIELDS);
            expect((list[other] as Record<string, unknown>)[`f${g}`], `record ${other} field ${g}`).toEqual(valueOf(other, g));
          } else if (between === 1) {
            // Read whole: the store moves to the other record's page without reading a field.
            expect(JSON.parse(JSON.stringify(list[other]))).toEqual(JSON.parse(JSON.stringify(originals[other])));
          }
        }
      }
      expect(store.stats().reads).toBeGreaterThan(100);
      store.close();
    });

    it('shrinks its budget on demand, writing out the pages that never left, and reads every record back', () => {
      // Within its budget until now: no page has been written to the file yet.
      RESIDENT_PAGES.records = 100;
      const store = new RecordStore();
      const list = fill(store);
      expect(store.stats().fileBytes).toBe(0);
      const pages = store.stats().pages;
      store.shrink(2);
      // Two complete pages and the one being written stay; the others went to the file.
      expect(store.stats().inMemory).toBe(3);
      expect(store.stats().fileBytes).toBeGreaterThan((pages - 4) * (1 << 20));
      // Read in order, then scattered: every record as written, within the new budget.
      for (let i = 0; i < list.length; i += 97) expect(list[i].ref).toBe(`R${i}`);
      for (let k = 0; k < 500; k++) {
        const i = (k * 7919) % list.length;
        expect(list[i].nested).toEqual({ a: i % 7, b: [`x${i}`, i] });
      }
      expect(store.stats().inMemory).toBeLessThanOrEqual(3);
      // A larger budget asked later is not taken: the store only shrinks.
      store.shrink(50);
      expect(list[0].text).toBe(`text 0 `.repeat(30));
      expect(store.stats().inMemory).toBeLessThanOrEqual(3);
      store.close();
    });

    it('makes no file while its pages fit the budget', () => {
      RESIDENT_PAGES.records = 100;
      const store = new RecordStore();
      const list = fill(store);
      expect(store.stats().pages).toBeGreaterThan(10);
      expect(store.stats().fileBytes).toBe(0);
      expect(list[20_000].ref).toBe('R20000');
    });

    it('keeps the pages in memory when no temporary file can be made, and the run goes on', () => {
      process.env.TMPDIR = '/nonexistent/ddex-check-tmp';
      const store = new RecordStore();
      const list = fill(store);
      const stats = store.stats();
      expect(stats.fileBytes).toBe(0);
      expect(stats.inMemory).toBe(stats.pages);
      expect(list[39_999].ref).toBe('R39999');
      expect(list[0].nested.b).toEqual(['x0', 0]);
    });

    it('reads a list in order from its file with one page in memory', () => {
      const list = keptList<{ i: number; s: string }>();
      for (let i = 0; i < 100_000; i++) list.push({ i, s: `item ${i}`.repeat(3) });
      let i = 0;
      for (const item of list) {
        expect(item.i).toBe(i);
        expect(item.s).toBe(`item ${i}`.repeat(3));
        i++;
      }
      expect(i).toBe(100_000);
      // Closed by its owner: empty, its pages let go.
      list.close();
      expect([...list]).toEqual([]);
    });
  });
});

const rows = readSampleIndex().filter((r) => IN_SCOPE_SETS.has(r.xsd_set) && (r.xmllint_result === 'valid' || r.xmllint_result === 'invalid'));

describe('the model as bytes and as objects', () => {
  it('finds the samples', () => expect(rows.length).toBeGreaterThan(90));

  it.each(rows.map((r) => [r.file, r.path] as const))('reads %s the same both ways, and reports the same', async (_file, path) => {
    const [asBytes, asObjects] = await Promise.all([validate(path, { media: false, recordStore: true }), validate(path, { media: false, recordStore: false })]);
    // Everything but the run's own clock.
    const plain = (report: object) => ({ ...JSON.parse(JSON.stringify(report)), engine: null });
    expect(plain(asBytes)).toEqual(plain(asObjects));
  });

  it('keeps an album of thousands of tracks as a list of bytes, and reports it the same both ways', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ddex-check-tracks-'));
    try {
      const file = path.join(dir, 'album.xml');
      // About 2,400 track releases, all in one album; mutated so that some track findings exist.
      const tracks = await generateErn43(file, 6 * 1024 * 1024);
      expect(tracks).toBeGreaterThan(2000);
      const xml = readFileSync(file, 'utf8').replace('<SequenceNumber>7</SequenceNumber>', '<SequenceNumber>6</SequenceNumber>').replace(/<ResourceGroupContentItem>\s*<SequenceNumber>9<\/SequenceNumber>/, '<ResourceGroupContentItem>');
      writeFileSync(file, xml);
      const bytes = await readSample(file, undefined, true);
      const album = bytes.message.releases.find((r) => r.tracks.length > 1000)!;
      expect(album.tracks).toBeInstanceOf(StoredList);
      const objects = await readSample(file, undefined, false);
      expect(JSON.parse(JSON.stringify(bytes.message))).toEqual(JSON.parse(JSON.stringify(objects.message)));
      const [asBytes, asObjects] = await Promise.all([validate(file, { media: false, recordStore: true }), validate(file, { media: false, recordStore: false })]);
      const plain = (report: object) => ({ ...JSON.parse(JSON.stringify(report)), engine: null });
      expect(plain(asBytes)).toEqual(plain(asObjects));
      const rules = new Set(asBytes.checks.filter((c) => c.status !== 'pass').map((c) => c.rule));
      expect(rules).toContain('release-track-sequence');
      expect(rules).toContain('release-track-numbering');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the same model both ways on every sample', async () => {
    for (const row of rows) {
      if (!/ern-4|ern-3\.[78]/.test(row.xsd_set)) continue;
      const [a, b] = await Promise.all([readSample(row.path, undefined, true).catch(() => null), readSample(row.path, undefined, false).catch(() => null)]);
      if (a === null || b === null) {
        expect(a, row.file).toBe(b);
        continue;
      }
      expect(JSON.parse(JSON.stringify(a.message)), row.file).toEqual(JSON.parse(JSON.stringify(b.message)));
    }
    const xml = `<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"><PartyList><Party><PartyReference>P1</PartyReference><PartyName><FullName>Late</FullName></PartyName></Party></PartyList><ReleaseList><TrackRelease><ReleaseReference>R1</ReleaseReference><DisplayArtist><ArtistPartyReference>P2</ArtistPartyReference></DisplayArtist></TrackRelease></ReleaseList><PartyList><Party><PartyReference>P2</PartyReference><PartyName><FullName>Later</FullName></PartyName></Party></PartyList></ern:NewReleaseMessage>`;
    const { message } = await readXml(xml);
    // A party listed after the release that names it: resolved at message end, the record written again.
    expect(message.releases.at(0)!.displayArtists.map((a) => a.name)).toEqual(['Later']);
  });
});

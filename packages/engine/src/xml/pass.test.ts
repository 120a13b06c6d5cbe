import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { runMessagePass, type RootInfo } from './pass.js';
import { ParseThread } from './parse-thread.js';
import type { ClosedElement, OpenElement } from './events.js';
import { sample } from '../test-support.js';

/** What a listener sees of an element (its path is built when read, so a spread would miss it). */
function copyOf<T extends OpenElement>(el: T): T {
  const { name, ns, attrs, path, bare, depth, line, column } = el;
  const text = (el as Partial<ClosedElement>).text;
  const hasChildren = (el as Partial<ClosedElement>).hasChildren;
  return { name, ns, attrs, path, bare, depth, line, column, ...(text === undefined ? {} : { text, hasChildren }) } as T;
}

async function collect(input: string | Buffer, chunkSize = 7, parseThread = false) {
  const buffer = typeof input === 'string' ? Buffer.from(input) : input;
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += chunkSize) chunks.push(buffer.subarray(i, i + chunkSize));
  const opened: OpenElement[] = [];
  const closed: ClosedElement[] = [];
  const texts: string[] = [];
  let seenRoot: RootInfo | null = null;
  let replayed = 0;
  const result = await runMessagePass(Readable.from(chunks), (root) => {
    seenRoot = root;
    return {
      listeners: [{ onOpen: (el) => opened.push(copyOf(el)), onText: (text, el) => texts.push(`${el.path}: ${text}`), onClose: (el) => closed.push(copyOf(el)) }],
      onBytes: (chunk) => (replayed += chunk.length),
    };
  }, { parseThread });
  return { result, opened, closed, texts, root: seenRoot as RootInfo | null, replayed };
}

describe('runMessagePass', () => {
  it('gives paths with sibling indices, 1-based positions of the start tag, and text at close', async () => {
    const xml = '<?xml version="1.0"?>\n<ern:M xmlns:ern="http://ddex.net/xml/ern/43" A="1">\n  <L><R>x</R>\n    <R><I>a &amp; b</I></R></L>\n</ern:M>';
    const { result, opened, closed, root, replayed } = await collect(xml);
    expect(result.fatal).toBeNull();
    expect(root).toMatchObject({ name: 'M', ns: 'http://ddex.net/xml/ern/43', attrs: { A: '1' }, line: 2, column: 1 });
    expect(opened.map((e) => e.path)).toEqual(['/M', '/M/L', '/M/L/R', '/M/L/R[2]', '/M/L/R[2]/I']);
    expect(opened[4]).toMatchObject({ bare: '/M/L/R/I', line: 4, column: 8, depth: 4 });
    expect(opened[2]).toMatchObject({ line: 3, column: 6 });
    expect(closed.find((e) => e.name === 'I')?.text).toBe('a & b');
    expect(replayed).toBe(Buffer.byteLength(xml));
  });

  it('finds the root past the first slices of a large first chunk: after a long comment, and with its tag across a slice end', async () => {
    for (const before of [`<!--${'c'.repeat(10_000)}-->\n`, `${' '.repeat(4090)}\n`, '']) {
      const xml = `<?xml version="1.0"?>\n${before}<ern:M xmlns:ern="http://ddex.net/xml/ern/43" A="1"><L>x</L></ern:M>`;
      const { result, root, opened } = await collect(xml, 65536);
      expect(result.fatal, before.slice(0, 8)).toBeNull();
      expect(root).toMatchObject({ name: 'M', ns: 'http://ddex.net/xml/ern/43', attrs: { A: '1' }, line: before ? 3 : 2, column: 1 });
      expect(opened.map((e) => e.path)).toEqual(['/M', '/M/L']);
    }
  });

  it('counts siblings per parent, also when a name comes back after another or the sequence changes', async () => {
    const xml = '<M><L><R/><X/><R/></L><L><R/><R/><X/></L><L><X/><R>t</R></L></M>';
    const { result, opened, closed } = await collect(xml, 3);
    expect(result.fatal).toBeNull();
    expect(opened.map((e) => e.path)).toEqual([
      '/M', '/M/L', '/M/L/R', '/M/L/X', '/M/L/R[2]',
      '/M/L[2]', '/M/L[2]/R', '/M/L[2]/R[2]', '/M/L[2]/X',
      '/M/L[3]', '/M/L[3]/X', '/M/L[3]/R',
    ]);
    expect(new Set(opened.filter((e) => e.name === 'R').map((e) => e.bare))).toEqual(new Set(['/M/L/R']));
    // Leaf text is kept; an element with children has no text of its own (ERN has no mixed content).
    expect(closed.find((e) => e.path === '/M/L[3]/R')?.text).toBe('t');
    expect(closed.find((e) => e.path === '/M/L[3]')?.text).toBe('');
  });

  it('resolves namespaces itself: default and prefixed, redeclared inside, attributes keep their qualified names, declarations included', async () => {
    const xml =
      '<ern:M xmlns:ern="urn:a" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:a a.xsd">' +
      '<L xmlns="urn:d"><R/></L><ern:X/><Y xmlns:ern="urn:b"><ern:Z xml:lang="en"/></Y></ern:M>';
    const { result, opened } = await collect(xml, 5);
    expect(result.fatal).toBeNull();
    expect(opened.map((e) => [e.path, e.ns])).toEqual([
      ['/M', 'urn:a'], ['/M/L', 'urn:d'], ['/M/L/R', 'urn:d'], ['/M/X', 'urn:a'], ['/M/Y', ''], ['/M/Y/Z', 'urn:b'],
    ]);
    // Namespace declarations come with the attributes: a prefix means nothing without them (the schema validator resolves xsi:* by them).
    expect(opened[0].attrs).toEqual({ 'xmlns:ern': 'urn:a', 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance', 'xsi:schemaLocation': 'urn:a a.xsd' });
    expect(opened[1].attrs).toEqual({ xmlns: 'urn:d' });
    expect(opened[4].attrs).toEqual({ 'xmlns:ern': 'urn:b' });
    expect(opened[5].attrs).toEqual({ 'xml:lang': 'en' });
  });

  it.each([
    ['an unbound element prefix', '<M>\n  <p:R/></M>', 'unbound namespace prefix: "p".', 2],
    ['an unbound attribute prefix', '<M q:a="1"/>', 'unbound namespace prefix: "q".', 1],
    ['a malformed qualified name', '<M xmlns:a="urn:a"><a:b:c/></M>', 'malformed name: a:b:c.', 1],
    ['an undeclared prefix', '<M xmlns:a=""/>', 'invalid attempt to undefine prefix in XML 1.0', 1],
    ['a rebound xml prefix', '<M xmlns:xml="urn:x"/>', 'xml prefix must be bound to http://www.w3.org/XML/1998/namespace.', 1],
    ['a duplicate expanded attribute', '<M xmlns:a="urn:a" xmlns:b="urn:a" a:x="1" b:x="2"/>', 'duplicate attribute: {urn:a}x.', 1],
  ])('refuses %s as not well-formed, located at the tag', async (_what, xml, message, line) => {
    const { result } = await collect(xml, 4);
    expect(result.fatal).toMatchObject({ kind: 'syntax', message, line });
  });

  it('refuses entity declarations (billion laughs, XXE) before any expansion', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>';
    const { result } = await collect(laughs);
    expect(result.fatal).toMatchObject({ kind: 'doctype', line: 1 });
    expect(result.fatal?.message).toMatch(/entities/);
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE r SYSTEM "file:///etc/passwd">\n<r/>';
    expect((await collect(xxe)).result.fatal).toMatchObject({ kind: 'doctype', line: 2 });
  });

  it('locates syntax errors of truncated and non-XML input, and calls an empty file empty', async () => {
    const truncated = await collect('<a>\n  <b>text</b>\n  <c>');
    expect(truncated.result.fatal?.kind).toBe('syntax');
    expect(truncated.result.fatal?.line).toBe(3);
    const text = await collect('hello, this is not XML');
    expect(text.result.fatal?.kind).toBe('syntax');
    expect(text.root).toBeNull();
    expect((await collect('')).result.fatal?.kind).toBe('empty');
  });

  it('refuses nesting deeper than 256 levels where it starts, and stops reading there', async () => {
    const xml = '<r>\n' + '<a>'.repeat(100_000) + '</a>'.repeat(100_000) + '\n</r>';
    const { result, opened } = await collect(xml, 65536);
    expect(result.fatal).toMatchObject({ kind: 'depth', line: 2, column: 255 * 3 + 1 }); // at its start tag: <r> and 255 <a> open
    expect(result.fatal!.message).toMatch(/nested more than 256 levels deep \(<a> at line 2\)/);
    expect(opened).toHaveLength(256);
  });

  it.each([false, true])('refuses a tag past 10,000 different names, on either thread (parse thread: %s)', async (parseThread) => {
    const xml = `<r>\n${Array.from({ length: 10_001 }, (_, i) => `<n${i}/>\n`).join('')}</r>`;
    const { result, opened } = await collect(xml, 65536, parseThread);
    expect(result.fatal).toMatchObject({ kind: 'names', line: 10_000, column: 1 });
    expect(result.fatal!.message).toMatch(/^the message names more than 10,000 different elements, attributes and namespaces \(<n9998> at line 10000\)/);
    expect(opened).toHaveLength(9_999);
  });

  it.each([false, true])('refuses more than 20,000 element paths, or paths of more than 4,000,000 characters, where the first one past opens (parse thread: %s)', async (parseThread) => {
    // 300 names, each of 150 parents holding each of 150 children: 22,650 paths.
    const kids = Array.from({ length: 150 }, (_, j) => `<b${j}/>`).join('');
    const wide = `<r>\n${Array.from({ length: 150 }, (_, i) => `<a${i}>${kids}</a${i}>\n`).join('')}</r>`;
    const many = await collect(wide, 65536, parseThread);
    // The root's path, then per parent its own and 150 more: the 20,001st path is a child of a132.
    expect(many.result.fatal).toMatchObject({ kind: 'paths', line: 134 });
    expect(many.result.fatal!.message).toMatch(/^the message has more than 20,000 different element paths \(<b\d+> at line 134\)/);
    expect(many.opened).toHaveLength(20_000);
    // 1,200 paths from 1,200 names, each a step of 21 characters, 200 levels deep.
    const chain = Array.from({ length: 200 }, (_, i) => `n${String(i).padStart(20, '0')}`);
    const deep = `<r>\n${chain.map((n) => `<${n}>`).join('')}\n${Array.from({ length: 1_000 }, (_, i) => `<c${String(i).padStart(20, '0')}/>\n`).join('')}${[...chain].reverse().map((n) => `</${n}>`).join('')}</r>`;
    const long = await collect(deep, 65536, parseThread);
    // The chain's paths take 442,602 characters (/r and 200 paths of 2 + 22k), each child's 4,424: the 805th child, on line 807, is past.
    expect(long.result.fatal).toMatchObject({ kind: 'paths', line: 807 });
    expect(long.result.fatal!.message).toMatch(/^the message has different element paths of more than 4,000,000 characters in all \(<c0{17}804> at line 807\)/);
    expect(long.opened).toHaveLength(1 + 200 + 804);
  });

  it('lets go of a source it stopped reading (a file stream closes its descriptor)', async () => {
    let closed = false;
    let served = 0;
    async function* source() {
      try {
        yield Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY e "x">]>\n<r>');
        for (served = 0; served < 1000; served++) yield Buffer.from('<a/>'.repeat(1000));
      } finally {
        closed = true;
      }
    }
    const result = await runMessagePass(source(), () => ({ listeners: [] }));
    expect(result.fatal).toMatchObject({ kind: 'doctype' });
    expect(served).toBeLessThan(1000);
    expect(closed).toBe(true);
  });

  it('reads UTF-16 BE with BOM and UTF-8 with BOM', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><r><t>é</t></r>';
    const le = Buffer.from(xml, 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) { be[i] = le[i + 1]; be[i + 1] = le[i]; }
    const utf16 = await collect(Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 5);
    expect(utf16.result.fatal).toBeNull();
    expect(utf16.closed.find((e) => e.name === 't')?.text).toBe('é');
    const bom = await collect(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<r>é</r>')]), 1);
    expect(bom.result.fatal).toBeNull();
    expect(bom.closed[0].text).toBe('é');
  });

  it('reports a throwing listener without stopping the pass', async () => {
    const result = await runMessagePass(Readable.from([Buffer.from('<r><a/><b/></r>')]), () => ({
      listeners: [{ name: 'boom', onOpen: (el) => { if (el.name === 'a') throw new Error('bad'); } }],
    }));
    expect(result.fatal).toBeNull();
    expect(result.elements).toBe(3);
    expect(result.listenerFailures[0]).toMatchObject({ listener: 'boom', path: '/r/a' });
  });

  it('reads an official ERN 4.3 sample end to end', async () => {
    const { result, root, opened } = await collect(readFileSync(sample('ddex-official-ern43/1 Audio.xml')), 4096);
    expect(result.fatal).toBeNull();
    expect(root?.name).toBe('NewReleaseMessage');
    expect(opened.some((e) => e.path.startsWith('/NewReleaseMessage/ReleaseList/TrackRelease[2]'))).toBe(true);
  });

  describe('on the parse thread: the same events, texts, positions and failures as on this thread', () => {
    const inputs: [string, string | Buffer, number][] = [
      ['paths, entities and indentation', '<?xml version="1.0"?>\n<ern:M xmlns:ern="http://ddex.net/xml/ern/43" A="1">\n  <L><R>x</R>\n    <R><I>a &amp; b</I></R></L>\n</ern:M>', 7],
      ['namespaces and qualified attributes', '<ern:M xmlns:ern="urn:a" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:a a.xsd"><L xmlns="urn:d"><R/></L><Y xmlns:ern="urn:b"><ern:Z xml:lang="en">t</ern:Z></Y></ern:M>', 5],
      ['a truncated message', '<a>\n  <b>text</b>\n  <c>', 3],
      ['not XML', 'hello, this is not XML', 4],
      ['an XXE DOCTYPE', '<?xml version="1.0"?>\n<!DOCTYPE r SYSTEM "file:///etc/passwd">\n<r/>', 9],
      ['a mismatched end tag', '<r>\n<a>text</b></r>', 2],
      ['stray text and CDATA', '<r>stray<a><![CDATA[x < y]]></a>more</r>', 6],
      ['an empty file', '', 1],
      ['nesting deeper than 256 levels', '<r>' + '<a>'.repeat(300) + '</a>'.repeat(300) + '</r>', 64],
      ['an official ERN 4.3 sample', readFileSync(sample('ddex-official-ern43/1 Audio.xml')), 4096],
    ];

    it.each(inputs)('%s', async (_what, input, chunkSize) => {
      const started = ParseThread.started;
      const own = await collect(input, chunkSize, false);
      const threaded = await collect(input, chunkSize, true);
      expect(ParseThread.started).toBe(started + 1);
      expect(threaded).toEqual(own);
    });

    it('a message of several megabytes, in 64 KiB chunks', async () => {
      const release = (i: number) => `  <Release><ReleaseReference>R${i}</ReleaseReference><Title lang="en">Title n°${i} &amp; é — 漢字</Title>\r\n  </Release>\n`;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<M xmlns="urn:m">\n${Array.from({ length: 30_000 }, (_, i) => release(i)).join('')}</M>\n`;
      const own = await collect(xml, 65536, false);
      const threaded = await collect(xml, 65536, true);
      expect(own.result.fatal).toBeNull();
      expect(own.opened).toHaveLength(1 + 3 * 30_000);
      expect(threaded).toEqual(own);
    });
  });
});

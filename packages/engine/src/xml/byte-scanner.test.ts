import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEncoder, FAIL_KINDS, OP_CLOSE, OP_OPEN, OP_TEXT } from './event-encoder.js';
import { SAMPLES_DIR, sampleXmlFiles } from '../test-support.js';
import { generateErn43 } from '../../../../bench/generate-ern43.mjs';

/**
 * Every event the encoder gives, with names and strings resolved and positions, and its failure:
 * with the byte scanner first (`fast`) or saxes from the first byte (the reference).
 */
let lastScanned = 0;

/**
 * `carried`: each chunk is given after a copy of the bytes the encoder carries over (`carry`, as the
 * parse thread reads a file), so the scanner joins nothing.
 */
function events(bytes: Buffer, chunks: number[], fast: boolean, carried = false): string[] {
  const encoder = new EventEncoder(undefined, fast);
  const names: string[] = [];
  const out: string[] = [];
  const read = (batch: ReturnType<EventEncoder['write']>) => {
    names.push(...batch.names);
    const { ops, strings } = batch;
    for (let i = 0; i < batch.length; ) {
      const op = ops[i];
      if (op === OP_OPEN) {
        const count = ops[i + 5];
        const attrs: string[] = [];
        for (let a = 0; a < count; a++) attrs.push(`${names[ops[i + 6 + 2 * a]]}=${JSON.stringify(strings[ops[i + 7 + 2 * a]])}`);
        out.push(`open ${names[ops[i + 1]]} {${names[ops[i + 2]]}} ${ops[i + 3]}:${ops[i + 4]} ${attrs.join(' ')}`);
        i += 6 + 2 * count;
      } else if (op === OP_TEXT) {
        out.push(`text ${JSON.stringify(strings[ops[i + 1]])}`);
        i += 2;
      } else if (op === OP_CLOSE) {
        out.push('close');
        i += 1;
      } else {
        out.push(`fail ${FAIL_KINDS[ops[i + 1]]} ${strings[ops[i + 2]]} ${ops[i + 3]}:${ops[i + 4]}`);
        i += 5;
      }
    }
  };
  const write = (chunk: Buffer) => {
    if (!carried) return read(encoder.write(chunk));
    // Each chunk in a buffer of its own (as read from a file), after a copy of the carried bytes;
    // their old buffer is then overwritten, as the parse thread's buffers are: the scanner must keep nothing of it.
    const carry = encoder.carry();
    const joined = Buffer.concat(carry ? [carry, chunk] : [chunk]);
    carry?.fill(0x3f);
    read(encoder.write(joined, carry?.length ?? 0));
  };
  let at = 0;
  for (const size of chunks) {
    write(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) write(bytes.subarray(at));
  read(encoder.end());
  lastScanned = encoder.scanned;
  return out;
}

const every = (size: number, length: number) => Array.from({ length: Math.ceil(length / size) }, () => size);

/** Chunk sizes from a seeded generator: cuts fall anywhere, inside names, references and characters. */
function randomChunks(length: number, seed: number, max = 5000): number[] {
  let state = seed;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % max) + 1;
  const out: number[] = [];
  for (let total = 0; total < length; ) {
    const size = next();
    out.push(size);
    total += size;
  }
  return out;
}

function same(bytes: Buffer, chunks: number[], what: string): string[] {
  const reference = events(bytes, chunks, false);
  expect(events(bytes, chunks, true), what).toEqual(reference);
  expect(events(bytes, chunks, true, true), `${what}, carried bytes given before each chunk`).toEqual(reference);
  return reference;
}

/** Each branch of the scanner, and each place where it hands the message over to saxes. */
const EDGE_CASES = [
  '<a>plain text</a>',
  '<?xml version="1.0" encoding="UTF-8"?>\n<a xmlns="urn:d" xmlns:p="urn:p" p:x="1" y=\'2\'>\n  <b>x</b>\n\t<p:c/>\n</a>\n',
  '\ufeff<?xml version="1.0"?><a>BOM</a>',
  '<?xml version="1.0" standalone="yes" ?>\n\n<a>decl with standalone</a>',
  '<?xml version="1.0" encoding="ISO-8859-1"?><a>latin</a>',
  '<?xml version = "1.0"?><a>odd declaration</a>',
  '<!-- before --><a>comment first</a>',
  '<!DOCTYPE a><a>doctype</a>',
  '  \n <a>space first</a>',
  'text first <a/>',
  '<a>line one\r\nline two\rline three\n</a>',
  '<a\r\n b="1">cr in tag</a>',
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<a xmlns="urn:w">\r\n  <b>x\r\ny</b>\r\n  <c\r\n d="1"\r\n/>\r\n</a\r\n>\r\n',
  '<a>\r\n  text first\r\n  <b/>\r</a>',
  '<a>lone\rcarriage\r\rreturns&amp;\r</a>',
  '<a\rb="1"/>',
  '<a b="x\ry"/>',
  '<a>é\r\n漢字\r\n<b/></a>',
  '<a>tab\tand\u0085NEL and \u2028 LS</a>',
  '<a>entities &amp; &lt;b&gt; &quot;&apos; &#233; &#x1F600; &#32; and more</a>',
  '<a>  &#32;  </a>',
  '<a><b/>&#32;\n</a>',
  '<a>unknown &nbsp; entity</a>',
  '<a>bad &#0; and &#xD; refs</a>',
  '<a>no semicolon & here</a>',
  '<a>long &abcdefghijklmnopqrstuvwxyz; entity</a>',
  '<a>brackets ] and ]] and ]]] fine</a>',
  '<a>forbidden ]]> here</a>',
  '<a>]]</a>',
  '<a>x]]&amp;></a>',
  '<a>greater > alone</a>',
  '<a>accents éèà ñ ü 漢字 and astral 😀 𝄞 text</a><!-- after -->',
  '<a b="é 漢字 😀">attribute accents</a>',
  '<é>non-ASCII name</é>',
  '<a é="1">non-ASCII attribute</a>',
  '<a>\uffff and \ufffe</a>',
  '<a b="\uffff"/>',
  '<a>control \u0001 char</a>',
  '<a>nul \u0000 char</a>',
  '<a><![CDATA[cdata ]] > <b> & text]]>after</a>',
  '<a>x<!-- comment --><?pi data?>text</a>',
  '<a xmlns:p="urn:p"><p:b xmlns:q="urn:q" q:c="1"><q:d/></p:b><p:e/></a>',
  '<a><p:b/></a>',
  '<a xmlns:p=""/>',
  '<a xmlns:xml="urn:x"/>',
  '<a xmlns:xmlns="urn:x"/>',
  '<a xml:lang="en" xmlns:p="urn:p" p:b="1" b="2"/>',
  '<a xmlns:p="urn:p" xmlns:q="urn:p" p:b="1" q:b="2"/>',
  '<a b="1" b="2"/>',
  '<a b="1"c="2"/>',
  '<a b = "1" c\n=\n"2"\n/>',
  '<a b="x\ty"/>',
  '<a b="x\ny"/>',
  '<a b="<"/>',
  '<a b="&amp;&lt;&#65;"/>',
  '<a b=1/>',
  '<a\n  b="1"\n  c=\'2\'\n>t</a\n>',
  '<a\tb="1">tab after name</a >',
  '<a><b></c></a>',
  '<a><b></b ></a>',
  '<a>unclosed',
  '<a><b>text</b',
  '<a><b>text</',
  '<1a/>',
  '<:a/>',
  '<a:/>',
  '<a:b:c xmlns:a="urn:a"/>',
  '<a/><b/>',
  '<a>text</a>trailing',
  '<a></a>\n<!-- after -->\n',
  '<a/>',
  '',
  '<',
  '<a',
  '<?xml version="1.1"?>\n<a>xml 1.1 \u0085 text</a>',
];

describe('ByteScanner: the same events, positions and errors as saxes', () => {
  it.each(EDGE_CASES.map((xml, i) => [i, xml]))('edge case %i, split at every size', (_, xml) => {
    const bytes = Buffer.from(xml, 'utf8');
    same(bytes, [bytes.length], 'whole');
    for (let size = 1; size < bytes.length; size++) same(bytes, every(size, bytes.length), `chunks of ${size}`);
  });

  it('hands a message over to saxes at the end of a first chunk cut inside the root tag, inside a character and inside a reference', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<root xmlns="urn:r" a="&amp;">é<x>&#233;</x></root>', 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) same(bytes, [cut], `cut at ${cut}`);
  });

  it('hands over a text longer than it carries, a tag of many attributes and nesting past the limit, and gives their events and errors as saxes does', () => {
    const long = Buffer.from(`<a><b>${'long text '.repeat(300_000)}</b><c>after</c></a>`);
    const events = same(long, every(65536, long.length), 'a 2.7 MB text in chunks of 64 KiB');
    expect(events).toContain('text "after"');
    const attributes = Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(' ');
    same(Buffer.from(`<r><e ${attributes}/><e ${attributes} a3="again"/></r>`), [10_000], 'a tag of 40 attributes, then one with a duplicate');
    const deep = Buffer.from(`${'<d>'.repeat(300)}${'</d>'.repeat(300)}`);
    const result = same(deep, every(100, deep.length), 'nested 300 deep');
    expect(result.at(-1)).toMatch(/^fail depth elements are nested more than 256 levels deep/);
  });

  it('refuses a tag past 10,000 different names where saxes would read it, whether the names are elements, namespaces or attributes', () => {
    const elements = Buffer.from(`<r>${Array.from({ length: 10_001 }, (_, i) => `<n${i}/>`).join('')}</r>`);
    const result = same(elements, every(4096, elements.length), '10,001 element names');
    // r, its namespace (the empty one) and n0 … n9997: the tag of n9998 would be the 10,001st name.
    expect(result.at(-1)).toMatch(/^fail names the message names more than 10,000 different elements, attributes and namespaces \(<n9998> at line 1\)/);
    expect(result.filter((e) => e.startsWith('open '))).toHaveLength(9_999);
    const attributes = Buffer.from(`<r>${Array.from({ length: 2_500 }, (_, i) => `<e a${4 * i}="" a${4 * i + 1}="" a${4 * i + 2}="" a${4 * i + 3}=""/>`).join('')}</r>`);
    expect(same(attributes, every(4096, attributes.length), '10,000 attribute names').at(-1)).toMatch(/^fail names .* \(<e> at line 1\)/);
    const namespaces = Buffer.from(`<r>${Array.from({ length: 10_000 }, (_, i) => `<e xmlns="urn:${i}"/>`).join('')}</r>`);
    expect(same(namespaces, every(4096, namespaces.length), '10,000 namespaces').at(-1)).toMatch(/^fail names /);
    // Names seen before cost nothing: the same 9,990 names again and again are read to the end.
    const repeated = Buffer.from(`<r>${`<x>${Array.from({ length: 9_990 }, (_, i) => `<n${i}/>`).join('')}</x>`.repeat(3)}</r>`);
    const events = same(repeated, every(4096, repeated.length), '9,990 names three times');
    expect(events.some((e) => e.startsWith('fail'))).toBe(false);
    expect(events.filter((e) => e.startsWith('open '))).toHaveLength(1 + 3 * 9_991);
  });

  it('tells apart names of one length that share a slot of its name cache, in tags and end tags', () => {
    // The cache's slot of a name: FNV-1a of its bytes, folded to 12 bits (byte-scanner.ts `string`).
    const slot = (name: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
      return (h ^ (h >>> 15)) & 4095;
    };
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null; i++) {
      const name = `n${i.toString(36).padStart(4, '0')}`;
      const other = seen.get(slot(name));
      if (other !== undefined) pair = [other, name];
      else seen.set(slot(name), name);
    }
    const [first, second] = pair;
    expect(slot(first)).toBe(slot(second));
    expect(first.length).toBe(second.length);
    // Each name twice, in turn, as an element and an attribute; then an end tag naming the other one (not well-formed).
    const xml = `<r><${first} ${second}="1">a</${first}><${second} ${first}="2">b</${second}><${first}/><${second}/></r>`;
    const events = same(Buffer.from(xml), [xml.length], 'whole');
    expect(events.filter((e) => e.startsWith('open ')).map((e) => e.split(' ')[1])).toEqual(['r', first, second, first, second]);
    same(Buffer.from(`<r><${first}>a</${second}></r>`), [100], 'an end tag of the other name');
  });

  it('reads the name a tag has, whatever the names before it led it to expect', () => {
    // Sequences learnt, then broken: a name that is the start of the one expected, one that the expected starts with, one of
    // the expected length, a non-ASCII byte right after the expected name, and the expected name split across chunks.
    const item = (names: string[]) => `<i>${names.map((n) => `<${n}>x</${n}>`).join('')}</i>`;
    const xml = `<r>${item(['Title', 'TitleText', 'Code'])}${item(['Title', 'TitleText', 'Code'])}${item(['Title', 'Title', 'Codes'])}${item(['TitleTextX', 'Cod', 'Cote'])}${item(['Title', 'TitleText', 'Code'])}</r>`;
    const bytes = Buffer.from(xml);
    const events = same(bytes, [bytes.length], 'whole');
    expect(events.filter((e) => e.startsWith('open ')).map((e) => e.split(' ')[1])).toEqual(
      ['r', 'i', 'Title', 'TitleText', 'Code', 'i', 'Title', 'TitleText', 'Code', 'i', 'Title', 'Title', 'Codes', 'i', 'TitleTextX', 'Cod', 'Cote', 'i', 'Title', 'TitleText', 'Code'],
    );
    // All of it read the fast way: a wrong guess is not taken for the name (saxes would then read the rest, giving the same events).
    expect(lastScanned).toBe(bytes.length);
    for (let size = 1; size < 40; size++) same(bytes, every(size, bytes.length), `chunks of ${size}`);
    // A name that goes on past the expected one with a character that is not ASCII: saxes reads from there.
    const wide = Buffer.from('<r><i><Title/><TitleText/></i><i><Title/><TitleTexté/></i></r>');
    expect(same(wide, [wide.length], 'whole').filter((e) => e.startsWith('open ')).at(-1)).toMatch(/^open TitleTexté /);
  });

  it('locates bytes that are not UTF-8 at their line and column, deep in a message read in large chunks', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `  <t>title ${i} é</t>`);
    lines[4321] = '  <t>broken \u0000</t>';
    const bytes = Buffer.from(`<a>\n${lines.join('\n')}\n</a>`, 'utf8');
    const at = bytes.indexOf(0);
    bytes[at] = 0xc3; // a lead byte followed by "<": not UTF-8
    const result = same(bytes, every(65536, bytes.length), 'chunks of 64 KiB');
    expect(result.at(-1)).toBe(`fail encoding the message is not valid UTF-8 4323:${'  <t>broken '.length + 1}`);
  });

  it('gives the same errors for bytes that are not UTF-8, after carried bytes', () => {
    const head = Buffer.from('<a><b>some text é', 'utf8');
    const bad = Buffer.concat([head, Buffer.from([0xff, 0x41]), Buffer.from('</b></a>')]);
    for (let cut = 1; cut < bad.length; cut++) {
      const result = same(bad, [cut], `cut at ${cut}`);
      // At the bad byte itself, whatever the chunks: line 1, after the 17 characters before it.
      expect(result.at(-1)).toBe('fail encoding the message is not valid UTF-8 1:18');
    }
  });

  it('on every XML sample of the shared corpus, whole, in odd chunks and in random ones', () => {
    const files = sampleXmlFiles();
    expect(files.length).toBeGreaterThan(50);
    let opened = 0;
    for (const [i, file] of files.entries()) {
      const bytes = readFileSync(file);
      same(bytes, [bytes.length], file);
      same(bytes, every(4093, bytes.length), `${file} in chunks of 4093`);
      const reference = same(bytes, randomChunks(bytes.length, i + 1, 700), `${file} in random chunks`);
      opened += reference.filter((e) => e.startsWith('open')).length;
    }
    // The comparison is between real event streams.
    expect(opened).toBeGreaterThan(10_000);
  });

  it('on every sample with Windows line ends (CR LF) and with lone CRs, in random chunks', () => {
    let scanned = 0;
    let total = 0;
    for (const [i, file] of sampleXmlFiles().entries()) {
      const text = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
      for (const ending of ['\r\n', '\r']) {
        const bytes = Buffer.from(text.replace(/\n/g, ending), 'utf8');
        same(bytes, randomChunks(bytes.length, i + 11, 900), `${file} with ${JSON.stringify(ending)} line ends`);
        scanned += lastScanned;
        total += bytes.length;
      }
    }
    // Most of the bytes went the fast way (83% when written; the rest: samples with comments, DOCTYPEs, other encodings).
    expect(scanned / total).toBeGreaterThan(0.75);
  });

  it('on a generated catalog message of several MB, in the chunks a file stream gives and in random ones', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'byte-scanner-'));
    try {
      const file = path.join(dir, 'm.xml');
      await generateErn43(file, 3e6);
      const bytes = readFileSync(file);
      const reference = same(bytes, every(65536, bytes.length), 'chunks of 64 KiB');
      expect(reference.length).toBeGreaterThan(100_000);
      // The scanner read all of it but the root's end tag and what follows.
      expect(lastScanned).toBeGreaterThan(bytes.length - 100);
      same(bytes, randomChunks(bytes.length, 7, 300_000), 'random chunks');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on mutated samples: a byte deleted, inserted or changed at random places, each handed over where the scanner meets it', () => {
    const official = path.join(SAMPLES_DIR, 'ddex-official-ern43');
    const files = readdirSync(official)
      .filter((name) => name.endsWith('.xml'))
      .map((name) => readFileSync(path.join(official, name)));
    expect(files.length).toBeGreaterThan(0);
    const inserts = ['<', '>', '&', ']]>', '\r', '\u0001', 'é', '"', '/', ' ', '\n', '</x>', '<!--c-->', '&#x0;', 'xmlns:p="urn:p"', 'p:'].map((s) => Buffer.from(s, 'utf8'));
    let state = 12345;
    const next = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n);
    let failures = 0;
    for (let round = 0; round < 1500; round++) {
      const original = files[round % files.length];
      const at = next(original.length);
      const kind = next(3);
      const mutated =
        kind === 0
          ? Buffer.concat([original.subarray(0, at), original.subarray(at + 1)])
          : kind === 1
            ? Buffer.concat([original.subarray(0, at), inserts[next(inserts.length)], original.subarray(at)])
            : Buffer.concat([original.subarray(0, at), Buffer.from([next(256)]), original.subarray(at + 1)]);
      const result = same(mutated, randomChunks(mutated.length, round + 1, 3000), `round ${round}: mutation ${kind} at byte ${at}`);
      if (result.at(-1)?.startsWith('fail')) failures++;
    }
    // Many of the mutations break the message: the errors are compared, not only the events.
    expect(failures).toBeGreaterThan(900);
    // 1,500 parses by both parsers: about 40 s alone, past the default minute when the suite's other files share the two cores.
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { FastSaxesParser } from './fast-saxes.js';
import { sampleXmlFiles } from '../test-support.js';

type Parser = SaxesParser<{ xmlns: true; position: true }>;

/** Every event with its payload and the parser's position right after it, and every error. */
function events(make: () => Parser, chunks: string[]): string[] {
  const parser = make();
  const out: string[] = [];
  const at = () => `@${parser.line}:${parser.column}:${parser.position}:${parser.columnIndex}`;
  parser.on('opentagstart', (tag) => out.push(`start ${tag.name} ${at()}`));
  parser.on('opentag', (tag) => out.push(`open ${tag.name} ${tag.uri} ${JSON.stringify(Object.values(tag.attributes).map((a) => [a.name, a.value, a.uri]))} ${tag.isSelfClosing} ${at()}`));
  parser.on('closetag', (tag) => out.push(`close ${tag.name} ${at()}`));
  parser.on('text', (text) => out.push(`text ${JSON.stringify(text)} ${at()}`));
  parser.on('cdata', (text) => out.push(`cdata ${JSON.stringify(text)} ${at()}`));
  parser.on('comment', (text) => out.push(`comment ${JSON.stringify(text)} ${at()}`));
  parser.on('processinginstruction', (pi) => out.push(`pi ${pi.target} ${at()}`));
  parser.on('doctype', (text) => out.push(`doctype ${JSON.stringify(text)} ${at()}`));
  parser.on('xmldecl', (decl) => out.push(`xmldecl ${decl.version} ${at()}`));
  parser.on('error', (error) => out.push(`error ${error.message} ${at()}`));
  try {
    for (const chunk of chunks) parser.write(chunk);
    parser.close();
  } catch (error) {
    out.push(`thrown ${(error as Error).message}`);
  }
  return out;
}

const saxes = () => new SaxesParser({ xmlns: true, position: true });
const fast = () => new FastSaxesParser({ xmlns: true, position: true });

function splitAt(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** Each branch of the two specialized loops: stretches ended by every kind of character. */
const EDGE_CASES = [
  '<a>plain text</a>',
  '<a>\n  <b>x</b>\n\t<c/>\n</a>',
  '<a>line one\r\nline two\rline three\n</a>',
  '<a>tab\tand\u0085NEL and \u2028 LS</a>',
  '<a>entities &amp; &lt;b&gt; &#233; &#x1F600; and more</a>',
  '<a>brackets ] and ]] and ]]] fine</a>',
  '<a>forbidden ]]> here</a>',
  '<a>]]</a>',
  '<a>x]]&amp;></a>',
  '<a>greater > alone</a>',
  '<a>accents éèà ñ ü 漢字 and astral 😀 𝄞 text</a>',
  '<a>lone surrogate \ud800 here</a>',
  '<a>control \u0001 char</a>',
  '<a>nul \u0000 char</a>',
  '<a><![CDATA[cdata ]] > <b> & text]]>after</a>',
  '<a><!-- comment --><?pi data?>text</a>',
  '<ns:élément xmlns:ns="urn:x" attr-1="v" ns:b.c="w"><ns:élément/></ns:élément>',
  '<a·b xmlns="urn:y"><x.y-z_1:q xmlns:x.y-z_1="urn:q"/></a·b>',
  '<a\n  b="1"\n  c=\'2\'\r\n>t</a\n>',
  '<a><b></c></a>',
  '<a>unclosed',
  '<a><b>text</b',
  '<1a/>',
  '<a b="1" b="2"/>',
  '<?xml version="1.1"?>\n<a>xml 1.1 \u0085 text</a>',
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE a>\n<a>t</a>\n<!-- after -->\n',
  '<a>text</a>trailing',
  '<a/><b/>',
];

describe('FastSaxesParser: the same events, positions and errors as saxes', () => {
  it.each(EDGE_CASES.map((xml, i) => [i, xml]))('edge case %i, split at every size from 1 to its length', (_, xml) => {
    const whole = events(saxes, [xml]);
    expect(events(fast, [xml])).toEqual(whole);
    for (let size = 1; size < xml.length; size++) expect(events(fast, splitAt(xml, size)), `chunks of ${size}`).toEqual(events(saxes, splitAt(xml, size)));
  });

  it('on every XML sample of the shared corpus, whole and in odd chunks', () => {
    const files = sampleXmlFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const chunks of [[text], splitAt(text, 4093)]) expect(events(fast, chunks), `${file} in ${chunks.length} chunks`).toEqual(events(saxes, chunks));
    }
  });
});

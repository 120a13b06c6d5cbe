/**
 * The parse thread's validator is fed from the encoder's batches by the schema feed
 * (schema-feed.ts), not by the pass's consumer of the batches (pass-events.ts): a listener must see the same
 * names, namespaces, attributes, positions, paths, bare paths and texts from both, on samples, on
 * messages whose siblings of one name are apart, on messages the scanner hands over to saxes, on
 * messages that stop being well-formed, and in chunks of any size. A listener's failure is
 * recorded as the pass records it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EventEncoder, type EventBatch } from './event-encoder.js';
import type { OpenElement, XmlListener } from './events.js';
import { PassEvents, detached, locate } from './pass-events.js';
import { SchemaFeed } from './schema-feed.js';
import type { RootInfo } from './pass.js';
import { sample } from '../test-support.js';

const ROOT: RootInfo = { name: 'R', ns: '', attrs: {}, line: 1, column: 1 };

/** What a listener sees, event by event; `kept`: locations taken during events, read after the message. */
function recorder(): { listener: XmlListener; out: string[]; finish: () => string[] } {
  const out: string[] = [];
  const kept: { loc: ReturnType<typeof locate>; path: string }[] = [];
  const describe = (what: string, el: OpenElement) => `${what} ${el.name} ${el.ns} ${JSON.stringify(el.attrs)} ${el.line}:${el.column} d${el.depth} ${el.bare} ${el.path}`;
  const listener: XmlListener = {
    name: 'recorder',
    onOpen: (el) => {
      out.push(describe('open', el));
      if (el.depth === 3) kept.push({ loc: locate(el), path: el.path });
    },
    onText: (text, el) => out.push(`text ${el.name} ${JSON.stringify(text)}`),
    onClose: (el) => out.push(describe('close', el)),
  };
  return { listener, out, finish: () => [...out, ...kept.map(({ loc, path }) => `kept ${loc.path === path} ${loc.path} ${loc.line}:${loc.column}`)] };
}

function chunks(xml: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < xml.length; i += size) out.push(xml.subarray(i, i + size));
  return out;
}

/** The events as the pass's consumer of the batches gives them. */
function fromBatches(xml: Buffer, size: number): string[] {
  const r = recorder();
  const pass = new PassEvents([r.listener], ROOT);
  const encoder = new EventEncoder(detached);
  for (const chunk of chunks(xml, size)) if (!pass.stopped) pass.consume(encoder.write(chunk));
  if (!pass.stopped) pass.consume(encoder.end());
  return r.finish();
}

/** Feeds `xml` in chunks of `size` to `feed`, batch by batch, as the parse thread does. */
function feedAll(feed: SchemaFeed, xml: Buffer, size: number): void {
  const encoder = new EventEncoder(detached);
  const fed = (batch: EventBatch) => feed.batch(batch.ops, batch.length, batch.strings, encoder.nameTable);
  for (const chunk of chunks(xml, size)) fed(encoder.write(chunk));
  fed(encoder.end());
  feed.end();
}

/** The events as the schema feed gives them. */
function fromFeed(xml: Buffer, size: number): string[] {
  const r = recorder();
  feedAll(new SchemaFeed(r.listener, ROOT), xml, size);
  return r.finish();
}

const CRAFTED: Record<string, string> = {
  'siblings of one name apart': '<R><A/><B><C/><C/></B><A x="1"/><B/><A><C/><D/><C/></A></R>',
  'attributes, prefixes and namespaces': '<r:R xmlns:r="urn:r" xmlns:q="urn:q"><A xml:lang="en" q:k="v" n="1">t</A><q:A q:z="2"/><A>u</A></r:R>',
  // A comment, a CDATA section and an entity reference: the scanner hands the rest over to saxes.
  'handed over to saxes': '<R><A>1</A><!-- c --><A><![CDATA[<x>]]></A><B>&amp;&#65;</B><A/><A><B/><B/></A></R>',
  'not well-formed midway': '<R><A><B/><B/></A><A><B></A><A/></R>',
  'text beside elements': '<R>\n  <A>one</A>\n  stray\n  <A> two </A>\n</R>',
};

describe('the schema feed', () => {
  it.each(['ddex-official-ern43/1 Audio.xml', 'ddex-official-crt-ern382/Release Profiles Samples/Profile_AudioAlbumMusicOnly.xml'])('gives what the pass gives from the batches: %s', (file) => {
    const xml = readFileSync(sample(file));
    const expected = fromBatches(xml, 4096);
    expect(expected.length).toBeGreaterThan(500);
    // Paths with sibling indices are compared, and locations kept past their events.
    expect(expected.some((line) => /\[\d+\]/.test(line))).toBe(true);
    expect(fromFeed(xml, 4096)).toEqual(expected);
  });

  it.each(Object.keys(CRAFTED))('gives what the pass gives from the batches, in chunks of any size: %s', (name) => {
    const xml = Buffer.from(CRAFTED[name]);
    const expected = fromBatches(xml, xml.length);
    expect(expected.length).toBeGreaterThan(4);
    for (const size of [1, 2, 3, 7, 16, xml.length]) expect(fromFeed(xml, size), `chunks of ${size}`).toEqual(expected);
  });

  it('counts a name among its siblings only (the same name under another parent starts again)', () => {
    const opened = fromFeed(Buffer.from(CRAFTED['siblings of one name apart']), 5).filter((line) => line.startsWith('open'));
    expect(opened.map((line) => line.split(' ').pop())).toEqual(['/R', '/R/A', '/R/B', '/R/B/C', '/R/B/C[2]', '/R/A[2]', '/R/B[2]', '/R/A[3]', '/R/A[3]/C', '/R/A[3]/D', '/R/A[3]/C[2]']);
  });

  it('counts siblings under an element with thousands of differently named children as the pass does', () => {
    // Names e0..e2999, then each again: past 32 names the counts go to a map (searching a list for each would take time quadratic in the names).
    const names = Array.from({ length: 3000 }, (_, i) => `e${i}`);
    const xml = Buffer.from(`<R><A>${names.map((n) => `<${n}/>`).join('')}${names.map((n) => `<${n}><x/></${n}>`).join('')}</A><A><e1/></A></R>`);
    const expected = fromBatches(xml, 4096);
    expect(expected).toContain(`open e2999  {} 1:${xml.indexOf('<e2999><x/>') + 1} d3 /R/A/e2999 /R/A[1]/e2999[2]`.replace('/R/A[1]/', '/R/A/'));
    expect(fromFeed(xml, 4096)).toEqual(expected);
  });

  it('records a failing listener as the pass does, with the element where it failed', () => {
    const failing = (): XmlListener => ({
      name: 'fails on B',
      onOpen: (el) => {
        if (el.name === 'B') throw new Error(`no B at ${el.path}`);
      },
      onEnd: () => {
        throw new Error('at the end');
      },
    });
    const xml = Buffer.from(CRAFTED['siblings of one name apart']);
    const pass = new PassEvents([failing()], ROOT);
    const encoder = new EventEncoder(detached);
    pass.consume(encoder.write(xml));
    pass.consume(encoder.end());
    pass.finish(xml.length);
    const feed = new SchemaFeed(failing(), ROOT);
    feedAll(feed, xml, xml.length);
    const strip = (failures: typeof feed.failures) => failures.map((f) => ({ ...f, error: f.error.split('\n')[0] }));
    expect(strip(feed.failures)).toEqual(strip(pass.result.listenerFailures));
    expect(strip(feed.failures).map((f) => [f.error, f.path, f.line])).toEqual([
      ['Error: no B at /R/B', '/R/B', 1],
      ['Error: no B at /R/B[2]', '/R/B[2]', 1],
      ['Error: at the end', '', 1],
    ]);
  });
});

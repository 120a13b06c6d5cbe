/**
 * A pass with transient listeners (`PassEventsOptions.transient`, the parse thread's schema
 * validator) reuses one element per depth: its listeners must see the same names, attributes,
 * positions, sibling indices, paths and locations as with an element per open.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EventEncoder } from './event-encoder.js';
import type { OpenElement, XmlListener } from './events.js';
import { PassEvents, detached, locate, siblingIndexOf } from './pass-events.js';
import { sample } from '../test-support.js';

function seen(xml: Buffer, transient: boolean): string[] {
  const out: string[] = [];
  const describe = (what: string, el: OpenElement) => `${what} ${el.name} ${el.ns} ${JSON.stringify(el.attrs)} ${el.line}:${el.column} #${siblingIndexOf(el)} ${el.bare} ${el.bareId} ${el.path}`;
  const kept: { loc: ReturnType<typeof locate>; path: string }[] = [];
  const listener: XmlListener = {
    onOpen: (el) => {
      out.push(describe('open', el));
      // A location taken during an event stays right after its element object is reused.
      if (el.depth === 4) kept.push({ loc: locate(el), path: el.path });
    },
    onText: (text, el) => out.push(`text ${el.name} ${JSON.stringify(text)}`),
    onClose: (el) => out.push(describe('close', el) + ` ${el.hasChildren}`),
  };
  const pass = new PassEvents([listener], null, { transient });
  const encoder = new EventEncoder(detached);
  for (let i = 0; i < xml.length; i += 4096) pass.consume(encoder.write(xml.subarray(i, i + 4096)));
  pass.consume(encoder.end());
  for (const { loc, path } of kept) out.push(`kept ${loc.path === path} ${loc.line}:${loc.column}`);
  return out;
}

describe('PassEvents with transient listeners', () => {
  it.each(['ddex-official-ern43/1 Audio.xml', 'ddex-official-crt-ern382/Release Profiles Samples/Profile_AudioAlbumMusicOnly.xml'])('sees what a pass with an element per open sees: %s', (file) => {
    const xml = readFileSync(sample(file));
    const plain = seen(xml, false);
    const transient = seen(xml, true);
    expect(plain.length).toBeGreaterThan(500);
    expect(transient).toEqual(plain);
    // Sibling indices beyond the first are there (SoundRecording[2], …), so reuse could not hide a wrong count.
    expect(plain.some((line) => /\[2\]/.test(line))).toBe(true);
  });

  it('gives a closed element no text', () => {
    const texts: string[] = [];
    const pass = new PassEvents([{ onClose: (el) => texts.push(el.text) }], null, { transient: true });
    const encoder = new EventEncoder(detached);
    pass.consume(encoder.write(Buffer.from('<a><b>x</b><b>y</b></a>')));
    pass.consume(encoder.end());
    expect(texts).toEqual(['', '', '']);
  });
});

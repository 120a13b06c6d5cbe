import { describe, expect, it } from 'vitest';
import { EncodingError, MessageDecoder, latin1Text } from './decode.js';

/** Decodes `bytes` cut into pieces of `size` bytes. */
function decodeIn(bytes: Buffer, size: number): string {
  const d = new MessageDecoder();
  let out = '';
  for (let i = 0; i < bytes.length; i += size) out += d.write(bytes.subarray(i, i + size));
  return out + d.end();
}

describe('MessageDecoder', () => {
  const text = '<?xml version="1.0"?><T>Björk · 東京 · 🎵 · Motörhead</T>';

  it.each([1, 2, 3, 5, 7, 64])('decodes UTF-8 cut every %i bytes, characters split across chunks included', (size) => {
    expect(decodeIn(Buffer.from(text), size)).toBe(text);
  });

  it.each([1, 2, 4])('drops a UTF-8 BOM, also when the first chunks are shorter than it (%i bytes)', (size) => {
    expect(decodeIn(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), size)).toBe(text);
  });

  it.each([
    ['a lone continuation byte', Buffer.from([0x3c, 0x54, 0x3e, 0x80, 0x3c])],
    ['an overlong encoding', Buffer.from([0x3c, 0xc0, 0xaf, 0x3e])],
    ['an encoded surrogate', Buffer.from([0x3c, 0xed, 0xa0, 0x80, 0x3e])],
    ['a lead byte followed by ASCII', Buffer.from([0x3c, 0xe6, 0x41, 0x41, 0x3e])],
  ])('refuses %s, whatever the chunking', (_what, bytes) => {
    for (const size of [1, 2, 3, bytes.length]) expect(() => decodeIn(bytes, size)).toThrow(EncodingError);
  });

  it('refuses a message that ends inside a character', () => {
    const cut = Buffer.from(text).subarray(0, Buffer.from(text).indexOf(Buffer.from('東')) + 1);
    expect(() => decodeIn(cut, 4)).toThrow('the message ends inside a UTF-8 character');
  });

  it('reads ISO-8859-1 as declared in the first chunk', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><T>Bj\u00f6rk</T>', 'latin1');
    expect(decodeIn(bytes, 64)).toBe('<?xml version="1.0" encoding="ISO-8859-1"?><T>Björk</T>');
  });
});

describe('latin1Text', () => {
  it('gives what Buffer gives for every length and every byte value, at any offset', () => {
    const bytes = Buffer.alloc(300);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 73 + 11) & 0xff;
    for (let start = 0; start < 7; start++) {
      for (let length = 0; length <= 40; length++) {
        expect(latin1Text(bytes, start, start + length)).toBe(bytes.toString('latin1', start, start + length));
      }
    }
    // Every byte value at every place of a short text.
    for (let value = 0; value < 256; value++) {
      const text = Buffer.alloc(12, 0x41);
      for (let at = 0; at < 12; at++) {
        text[at] = value;
        expect(latin1Text(text, 0, 12)).toBe(text.toString('latin1', 0, 12));
        expect(latin1Text(text, at, 12)).toBe(text.toString('latin1', at, 12));
        text[at] = 0x41;
      }
    }
  });
});

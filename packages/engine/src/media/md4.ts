/**
 * MD4 (RFC 1320), streaming. ERN 3.x lists MD4 among its hash algorithms, and OpenSSL 3 (Node 17+)
 * only offers it through the legacy provider, so it is computed here.
 */
import type { Digest } from './digest.js';

const rotl = (x: number, n: number) => (x << n) | (x >>> (32 - n));

export function createMd4(): Digest {
  const state = new Int32Array([0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476]);
  const block = Buffer.alloc(64);
  const x = new Int32Array(16);
  let filled = 0;
  let total = 0;

  const compress = (buf: Buffer, offset: number) => {
    for (let i = 0; i < 16; i++) x[i] = buf.readInt32LE(offset + i * 4);
    let [a, b, c, d] = state;
    const F = (p: number, q: number, r: number) => (p & q) | (~p & r);
    const G = (p: number, q: number, r: number) => (p & q) | (p & r) | (q & r);
    const H = (p: number, q: number, r: number) => p ^ q ^ r;
    for (const i of [0, 4, 8, 12]) {
      a = rotl((a + F(b, c, d) + x[i]) | 0, 3);
      d = rotl((d + F(a, b, c) + x[i + 1]) | 0, 7);
      c = rotl((c + F(d, a, b) + x[i + 2]) | 0, 11);
      b = rotl((b + F(c, d, a) + x[i + 3]) | 0, 19);
    }
    for (const i of [0, 1, 2, 3]) {
      a = rotl((a + G(b, c, d) + x[i] + 0x5a827999) | 0, 3);
      d = rotl((d + G(a, b, c) + x[i + 4] + 0x5a827999) | 0, 5);
      c = rotl((c + G(d, a, b) + x[i + 8] + 0x5a827999) | 0, 9);
      b = rotl((b + G(c, d, a) + x[i + 12] + 0x5a827999) | 0, 13);
    }
    for (const i of [0, 2, 1, 3]) {
      a = rotl((a + H(b, c, d) + x[i] + 0x6ed9eba1) | 0, 3);
      d = rotl((d + H(a, b, c) + x[i + 8] + 0x6ed9eba1) | 0, 9);
      c = rotl((c + H(d, a, b) + x[i + 4] + 0x6ed9eba1) | 0, 11);
      b = rotl((b + H(c, d, a) + x[i + 12] + 0x6ed9eba1) | 0, 15);
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
  };

  const update = (chunk: Buffer) => {
    total += chunk.length;
    let offset = 0;
    if (filled > 0) {
      const take = Math.min(64 - filled, chunk.length);
      chunk.copy(block, filled, 0, take);
      filled += take;
      offset = take;
      if (filled < 64) return;
      compress(block, 0);
      filled = 0;
    }
    for (; offset + 64 <= chunk.length; offset += 64) compress(chunk, offset);
    filled = chunk.copy(block, 0, offset);
  };

  return {
    update,
    digest() {
      const bits = total * 8;
      const pad = Buffer.alloc(filled < 56 ? 64 - filled : 128 - filled);
      pad[0] = 0x80;
      pad.writeUInt32LE(bits >>> 0, pad.length - 8);
      pad.writeUInt32LE(Math.floor(bits / 2 ** 32) >>> 0, pad.length - 4);
      update(pad);
      const out = Buffer.alloc(16);
      for (let i = 0; i < 4; i++) out.writeInt32LE(state[i], i * 4);
      return out.toString('hex');
    },
  };
}

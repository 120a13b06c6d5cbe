/**
 * DDEX hash sum algorithm names (ERN 3 `HashSumAlgorithmType`: MD4, MD5, SHA, SHA1, UserDefined;
 * ERN 4 `Algorithm`: CRC32, MD2, MD4, MD4(MLNET), MD5, MDC2, RMD160, SHA, SHA1, SHA2, SHA-224,
 * SHA-256, SHA3, SHA-384, SHA-512, UserDefined) mapped to digests computed while streaming, and
 * the comparison of a declared value with the computed one.
 *
 * Choices: `SHA` is read as SHA-1 (what senders mean; SHA-0 was withdrawn in 1993). `SHA2` and
 * `SHA3` name families: the member is chosen by the declared value's length (64 hex = 256 bits).
 * Spellings are matched without case, dashes or spaces (`sha-256`, `SHA256`, `Sha 256`).
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { createMd4 } from './md4.js';
import type { Digest } from './digest.js';

export type { Digest } from './digest.js';

/** Canonical digest names (the keys of `MediaFacts.hashes`). */
export type DigestName = 'crc32' | 'md4' | 'md5' | 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512' | 'sha3-224' | 'sha3-256' | 'sha3-384' | 'sha3-512' | 'ripemd160';

export type Resolved = { digest: DigestName } | { unsupported: string };

const BY_BITS = (family: 'sha' | 'sha3', bits: number | null): DigestName => {
  const size = bits === 224 || bits === 384 || bits === 512 ? bits : 256;
  return family === 'sha' ? (`sha${size}` as DigestName) : (`sha3-${size}` as DigestName);
};

const key = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Resolves a declared algorithm (with its value, for the SHA2/SHA3 families). */
export function resolveAlgorithm(algorithm: string, value: string): Resolved {
  const hex = normalizeHashValue(value);
  const bits = hex ? hex.length * 4 : null;
  switch (key(algorithm)) {
    case 'MD5':
      return { digest: 'md5' };
    case 'SHA':
    case 'SHA1':
      return { digest: 'sha1' };
    case 'SHA224':
      return { digest: 'sha224' };
    case 'SHA256':
      return { digest: 'sha256' };
    case 'SHA384':
      return { digest: 'sha384' };
    case 'SHA512':
      return { digest: 'sha512' };
    case 'SHA2':
      return { digest: BY_BITS('sha', bits) };
    case 'SHA3':
      return { digest: BY_BITS('sha3', bits) };
    case 'SHA3224':
    case 'SHA3256':
    case 'SHA3384':
    case 'SHA3512':
      return { digest: `sha3-${key(algorithm).slice(4)}` as DigestName };
    case 'RMD160':
    case 'RIPEMD160':
      return { digest: 'ripemd160' };
    case 'CRC32':
      return { digest: 'crc32' };
    case 'MD4':
      return { digest: 'md4' };
    case '':
      return { unsupported: 'no algorithm is declared' };
    case 'USERDEFINED':
      return { unsupported: 'the algorithm is UserDefined, so it cannot be recomputed' };
    default:
      return { unsupported: `the algorithm "${algorithm}" is not supported by ddex-check (supported: MD5, SHA/SHA1, SHA2, SHA-224, SHA-256, SHA-384, SHA-512, SHA3, RMD160, CRC32, MD4)` };
  }
}

export function createDigest(name: DigestName): Digest {
  if (name === 'crc32') {
    let value = 0;
    return { update: (chunk) => void (value = crc32(chunk, value)), digest: () => (value >>> 0).toString(16).padStart(8, '0') };
  }
  if (name === 'md4') return createMd4();
  const hash = createHash(name);
  return { update: (chunk) => void hash.update(chunk), digest: () => hash.digest('hex') };
}

/**
 * A declared value as lower-case hex: hex as written (an optional `0x`, spaces and colons
 * removed), or base64 of the digest (some senders write that). Null when it is neither.
 */
export function normalizeHashValue(value: string): string | null {
  const trimmed = value.trim().replace(/^0x/i, '').replace(/[\s:]/g, '');
  if (trimmed === '') return null;
  if (/^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0) return trimmed.toLowerCase();
  if (/^[0-9a-f]{1,7}$/i.test(trimmed)) return trimmed.toLowerCase().padStart(8, '0'); // CRC32 without leading zeros
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && trimmed.length % 4 === 0) {
    const bytes = Buffer.from(trimmed, 'base64');
    if ([16, 20, 28, 32, 48, 64].includes(bytes.length)) return bytes.toString('hex');
  }
  return null;
}

/** True when the declared value denotes the computed hex digest. */
export function hashMatches(declared: string, computedHex: string): boolean {
  const hex = normalizeHashValue(declared);
  if (hex === null) return false;
  return hex === computedHex || (computedHex.length === 8 && hex.replace(/^0+/, '') === computedHex.replace(/^0+/, ''));
}

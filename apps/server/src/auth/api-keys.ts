/**
 * API keys: `svc_live_` followed by 32 random bytes (base64url). Only the sha256 of a key is stored,
 * with its visible prefix to find the row. A plain hash is enough here, unlike passwords: the key
 * carries 256 bits of randomness, so nobody can guess keys from a leaked hash, and a slow KDF
 * (bcrypt, scrypt) would add milliseconds to every request for no gain. The stored and presented
 * hashes are compared with `timingSafeEqual`.
 */
import crypto from 'node:crypto';

export const LIVE_PREFIX = 'svc_live_';
export const RETIRED_TEST_PREFIX = 'svc_test_';
/** `svc_live_` plus this many characters of the random part are shown and stored in clear. */
const VISIBLE_CHARS = 8;

export const SCOPES = [
  'ddex:validate',
  'ddex:write',
  'catalog:read',
  'members:read',
  'members:write',
  'links:read',
  'payouts:read',
  'earnings:read',
  'webhooks:read',
  'webhooks:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/** A scope that also grants another (spec section 5.7). */
const IMPLIED: Partial<Record<Scope, Scope[]>> = {
  'ddex:write': ['ddex:validate'],
  'webhooks:write': ['webhooks:read'],
};

export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.some((s) => s === needed || (IMPLIED[s as Scope] ?? []).includes(needed));
}

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, LIVE_PREFIX.length + VISIBLE_CHARS);
}

export function generateKey(): { key: string; prefix: string; hash: string } {
  const key = LIVE_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { key, prefix: visiblePrefix(key), hash: hashKey(key) };
}

export function hashesEqual(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

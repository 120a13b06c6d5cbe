/**
 * Codes and tokens of the authorization server: 32 random bytes (base64url) behind a prefix that
 * names the kind (`mcp_at_`, `mcp_rt_`, `mcp_code_`), stored as sha256 only. As with API keys
 * (`auth/api-keys.ts`), a plain hash is enough for 256 random bits. PKCE's S256 (RFC 7636 4.6).
 */
import crypto from 'node:crypto';

export const ACCESS_PREFIX = 'mcp_at_';
export const REFRESH_PREFIX = 'mcp_rt_';
export const CODE_PREFIX = 'mcp_code_';

export function newSecret(prefix: string): { value: string; hash: string } {
  const value = prefix + crypto.randomBytes(32).toString('base64url');
  return { value, hash: hashSecret(value) };
}

export function hashSecret(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

/** RFC 7636 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is base64url of 32 bytes: 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** RFC 7636 4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge, compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && crypto.timingSafeEqual(computed, expected);
}

/**
 * Passwords of people (dashboard users, members): scrypt, memory-hard and built into Node, stored
 * as `scrypt$N$r$p$salt$hash` so the cost can grow without invalidating stored hashes. New hashes
 * use N = 2^16 (64 MiB, about 0.15 s on this class of machine): OWASP's floor is 2^17 with r = 8 at
 * 128 MiB, but every sign-in holds that much memory while it runs, and sign-ins are rate-limited
 * (users/sign-in.ts), which is what stops guessing online; the hash's cost is for a stolen table.
 * Hashing runs on libuv's thread pool (the async scrypt), never on the HTTP loop.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const COST = { N: 2 ** 16, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** Enough for N up to 2^17 with r = 8 (128 * N * r bytes, and some). */
const MAX_MEMORY = 160 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: MAX_MEMORY });
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** False for a wrong password and for a stored value that is not a hash this module made. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every(Number.isInteger) || N > 2 ** 17 || r > 16 || p > 4) return false;
  const expected = Buffer.from(parts[5], 'base64');
  const actual = await scrypt(password, Buffer.from(parts[4], 'base64'), expected.length || KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY });
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** A hash of nothing anyone knows: verified against when the email has no user, so timing does not tell which emails exist. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return decoy;
}

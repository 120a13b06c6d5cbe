/**
 * SFTP logins: one per account, created with its inbox. The password is made here, printed once by
 * the admin command and stored only as a scrypt hash (the helper of member passwords); SSH public
 * keys can be added. Failed logins are counted per client address in the database (so every
 * process sees them): each failure is slowed down, and too many lock the address out for a while.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { ParsedKey } from 'ssh2';
import { ssh2 } from './ssh2.js';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../members/invitations.js';
import { isoIn, nowIso, nowMs } from '../clock.js';
import { AdminError } from '../admin/admin-error.js';
import './tables.js';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

export const usernameOf = (accountId: number) => `ddex-${accountId}`;

export interface LoginRow {
  id: number;
  account_id: number;
  username: string;
  password_hash: string;
  public_keys: string;
}

export async function activeLogin(db: Kysely<Database>, username: string): Promise<LoginRow | null> {
  const row = await db
    .selectFrom('sftp_logins')
    .innerJoin('accounts', 'accounts.id', 'sftp_logins.account_id')
    .select(['sftp_logins.id', 'sftp_logins.account_id', 'sftp_logins.username', 'sftp_logins.password_hash', 'sftp_logins.public_keys'])
    .where('sftp_logins.username', '=', username)
    .where('sftp_logins.revoked_at', 'is', null)
    .where('accounts.active', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}

/** Creates the account's login (refused while one is active: revoke it first). Returns the password, once. */
export async function createLogin(db: Kysely<Database>, accountId: number) {
  const account = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!account) throw new AdminError(`no account ${accountId}`);
  const existing = await db.selectFrom('sftp_logins').select('id').where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
  if (existing) throw new AdminError(`account ${accountId} already has an SFTP login (${usernameOf(accountId)}); revoke it first to make a new one`);
  const password = crypto.randomBytes(18).toString('base64url');
  const username = usernameOf(accountId);
  const row = await db
    .insertInto('sftp_logins')
    .values({ account_id: accountId, username, password_hash: hashPassword(password), public_keys: '[]', created_at: nowIso(), revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, account_id: accountId, username, password };
}

export async function revokeLogin(db: Kysely<Database>, accountId: number) {
  const result = await db.updateTable('sftp_logins').set({ revoked_at: nowIso() }).where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AdminError(`account ${accountId} has no active SFTP login`);
  return { account_id: accountId, username: usernameOf(accountId), revoked: true };
}

/**
 * Adds an OpenSSH public key line to the account's active login (`createLogin`: make the login
 * first when there is none, as the dashboard does: its password is never shown, so keys alone
 * log in until one is set). Refuses a private key, anything ssh2 cannot read as a key, and a key
 * the login already has, each saying so.
 */
export async function addPublicKey(db: Kysely<Database>, accountId: number, line: string, o: { createLogin?: boolean } = {}) {
  const parsed = ssh2().utils.parseKey(line.trim());
  if (parsed instanceof Error) throw new AdminError(`not an SSH public key: ${parsed.message}`);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (key.isPrivateKey()) throw new AdminError('give the public key (the .pub file), never the private one');
  let login = await db.selectFrom('sftp_logins').select(['id', 'public_keys']).where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
  if (!login && o.createLogin) {
    await createLogin(db, accountId);
    login = await db.selectFrom('sftp_logins').select(['id', 'public_keys']).where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
  }
  if (!login) throw new AdminError(`account ${accountId} has no active SFTP login: create one first`);
  const keys = JSON.parse(login.public_keys) as string[];
  const blob = key.getPublicSSH().toString('base64');
  if (keys.some((k) => k.split(' ')[1] === blob)) throw new AdminError('this key is already on the login');
  const normalized = `${key.type} ${blob}${key.comment ? ' ' + key.comment : ''}`;
  keys.push(normalized);
  await db.updateTable('sftp_logins').set({ public_keys: JSON.stringify(keys) }).where('id', '=', login.id).execute();
  return { account_id: accountId, keys: keys.length };
}

export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return crypto.timingSafeEqual(expected, actual);
}

/** Whether `algo`/`data` (what the client offered) is one of the login's keys. */
export function publicKeyOf(login: LoginRow, algo: string, data: Buffer): ParsedKey | null {
  for (const line of JSON.parse(login.public_keys) as string[]) {
    const parsed = ssh2().utils.parseKey(line);
    if (parsed instanceof Error) continue;
    const key = Array.isArray(parsed) ? parsed[0] : parsed;
    const blob = key.getPublicSSH();
    if (key.type === algo && blob.length === data.length && crypto.timingSafeEqual(blob, data)) return key;
  }
  return null;
}

export interface LockoutPolicy {
  /** Failures from one address within `windowMs` that lock it out. */
  failures: number;
  windowMs: number;
  lockMs: number;
}

/** Whether the address is locked out now. */
export async function isLockedOut(db: Kysely<Database>, address: string): Promise<boolean> {
  const row = await db.selectFrom('sftp_login_failures').select('locked_until').where('address', '=', address).executeTakeFirst();
  return Boolean(row?.locked_until && row.locked_until > nowIso());
}

/** Counts a failure of `address`; returns whether it is now locked out. */
export async function recordFailure(db: Kysely<Database>, address: string, policy: LockoutPolicy): Promise<boolean> {
  const now = nowIso();
  const windowStart = new Date(nowMs() - policy.windowMs).toISOString();
  // One atomic upsert counts the failure, so failures arriving at once in several processes all count.
  const row = await db
    .insertInto('sftp_login_failures')
    .values({ address, failures: 1, first_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet({
        failures: sql<number>`case when sftp_login_failures.first_at < ${windowStart} then 1 else sftp_login_failures.failures + 1 end`,
        first_at: sql<string>`case when sftp_login_failures.first_at < ${windowStart} then ${now} else sftp_login_failures.first_at end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  if (row.failures >= policy.failures) {
    await db.updateTable('sftp_login_failures').set({ locked_until: isoIn(policy.lockMs) }).where('address', '=', address).execute();
    return true;
  }
  return Boolean(row.locked_until && row.locked_until > now);
}

/** A successful login clears its address's count. */
export async function clearFailures(db: Kysely<Database>, address: string): Promise<void> {
  await db
    .deleteFrom('sftp_login_failures')
    .where('address', '=', address)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso())]))
    .execute();
}

/**
 * API keys (name, scopes, expiry) created, revoked and listed: by the operator (`ddex-server admin
 * key …`) and by the account's people in the dashboard (Settings → API), through the same
 * functions. A new key is shown once; only its hash is stored.
 */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { generateKey, RETIRED_TEST_PREFIX, SCOPES } from './api-keys.js';

const now = () => new Date().toISOString();

export async function createKey(db: Kysely<Database>, o: { account: number; name: string; scopes: string[]; expiresAt?: string | null; prefix?: string }) {
  if (o.prefix === RETIRED_TEST_PREFIX) throw new AdminError('test_keys_retired: svc_test_ keys are retired; keys are svc_live_', 'test_keys_retired');
  if (!o.name.trim() || o.name.length > 100) throw new AdminError('a key needs a name of 1 to 100 characters');
  const unknown = o.scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new AdminError(`unknown scope ${unknown.join(', ')} (scopes: ${SCOPES.join(', ')})`);
  if (!o.scopes.length) throw new AdminError('a key needs at least one scope (--scopes ddex:write,...)');
  let expiresAt: string | null = null;
  if (o.expiresAt) {
    const t = Date.parse(o.expiresAt);
    if (Number.isNaN(t)) throw new AdminError(`--expires must be an ISO 8601 date (got "${o.expiresAt}")`);
    expiresAt = new Date(t).toISOString();
  }
  const account = await db.selectFrom('accounts').select('id').where('id', '=', o.account).executeTakeFirst();
  if (!account) throw new AdminError(`no account ${o.account}`);
  const { key, prefix, hash } = generateKey();
  const row = await db
    .insertInto('api_keys')
    .values({ account_id: o.account, name: o.name, prefix, key_hash: hash, scopes: JSON.stringify(o.scopes), expires_at: expiresAt, revoked_at: null, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key, prefix, scopes: o.scopes, expires_at: expiresAt };
}

/** Revokes a key; with `account`, only a key of that account (the dashboard: another account's key is not found). */
export async function revokeKey(db: Kysely<Database>, id: number, account?: number) {
  let update = db.updateTable('api_keys').set({ revoked_at: now() }).where('id', '=', id).where('revoked_at', 'is', null);
  if (account !== undefined) update = update.where('account_id', '=', account);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AdminError(`no active key ${id}`, 'not_found');
  return { id, revoked: true };
}

/**
 * The account's keys, oldest first. `last_used_at`: the start of the last minute the key made a
 * request, read from its rate window (http/rate-limit.ts keeps each key's latest), so knowing it
 * costs no write per request.
 */
export async function listKeys(db: Kysely<Database>, account: number) {
  const rows = await db.selectFrom('api_keys').select(['id', 'name', 'prefix', 'scopes', 'expires_at', 'revoked_at', 'created_at']).where('account_id', '=', account).orderBy('id').execute();
  const windows = rows.length
    ? await db.selectFrom('rate_windows').select(['key_id', (eb) => eb.fn.max('window_minute').as('minute')]).where('key_id', 'in', rows.map((r) => r.id)).groupBy('key_id').execute()
    : [];
  const lastMinute = new Map(windows.map((w) => [Number(w.key_id), Number(w.minute)]));
  return rows.map((r) => {
    const minute = lastMinute.get(r.id);
    return { ...r, scopes: JSON.parse(r.scopes) as string[], last_used_at: minute === undefined ? null : new Date(minute * 60_000).toISOString() };
  });
}

export function registerKeyAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  const key = admin.command('key').description('API keys');
  key
    .command('create')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--name <name>')
    .requiredOption('--scopes <list>', 'comma-separated scopes (ddex:write, ddex:validate, ...)')
    .option('--expires <date>', 'expiry, ISO 8601')
    .action(
      withDb(
        (db, o) => createKey(db, { account: o.account as number, name: o.name as string, scopes: String(o.scopes).split(',').map((s) => s.trim()).filter(Boolean), expiresAt: o.expires as string | undefined }),
        (r) => `key ${r.id} created; copy it now, it is not shown again:\n${r.key}`,
      ),
    );
  key.command('revoke').requiredOption('--id <id>', 'key id', intArg('--id')).action(withDb((db, o) => revokeKey(db, o.id as number), (r) => `key ${r.id} revoked`));
  key.command('list').requiredOption('--account <id>', 'account id', intArg('--account')).action(withDb((db, o) => listKeys(db, o.account as number), (rows) => rows.map((r) => `${r.id}\t${r.prefix}…\t${r.name}\t${r.scopes.join(',')}\t${r.revoked_at ? 'revoked' : r.expires_at ? `expires ${r.expires_at}` : 'no expiry'}`).join('\n')));

}

/**
 * `ddex-server admin key …`: API keys (name, scopes, expiry) created, revoked and listed by the
 * operator. A new key is printed once; only its hash is stored.
 */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso as now } from '../clock.js';
import { generateKey, RETIRED_TEST_PREFIX, SCOPES } from './api-keys.js';

export async function createKey(db: Kysely<Database>, o: { account: number; name: string; scopes: string[]; expiresAt?: string | null; prefix?: string }) {
  if (o.prefix === RETIRED_TEST_PREFIX) throw new AdminError('test_keys_retired: svc_test_ keys are retired; keys are svc_live_');
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

export async function revokeKey(db: Kysely<Database>, id: number) {
  const result = await db.updateTable('api_keys').set({ revoked_at: now() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AdminError(`no active key ${id}`);
  return { id, revoked: true };
}

export async function listKeys(db: Kysely<Database>, account: number) {
  const rows = await db.selectFrom('api_keys').select(['id', 'name', 'prefix', 'scopes', 'expires_at', 'revoked_at', 'created_at']).where('account_id', '=', account).orderBy('id').execute();
  return rows.map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as string[] }));
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

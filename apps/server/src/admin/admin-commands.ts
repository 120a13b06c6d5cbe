/**
 * `ddex-server admin …`: accounts (plan, active or not, rate), members, API keys (name, scopes,
 * expiry, revoke) and the staff action tests need (a release goes live). The spec keeps key
 * management to the dashboard; this is the operator's way in. A new key is printed once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { generateKey, RETIRED_TEST_PREFIX, SCOPES } from '../auth/api-keys.js';
import { ownMemberId } from '../members/resolve-member.js';

export class AdminError extends Error {}

const now = () => new Date().toISOString();

export async function createAccount(db: Kysely<Database>, o: { name: string; email: string; plan: string; active: boolean; rate?: number }) {
  if (!o.name || !o.email) throw new AdminError('an account needs --name and --email');
  const row = await db
    .insertInto('accounts')
    .values({ name: o.name, email: o.email, plan: o.plan.toLowerCase(), active: o.active ? 1 : 0, rate_per_minute: o.rate ?? null, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const memberId = await ownMemberId(db, row.id);
  return { id: row.id, own_member_id: memberId };
}

export async function updateAccount(db: Kysely<Database>, id: number, o: { plan?: string; active?: boolean; rate?: number | null }) {
  const set: Record<string, unknown> = {};
  if (o.plan !== undefined) set.plan = o.plan.toLowerCase();
  if (o.active !== undefined) set.active = o.active ? 1 : 0;
  if (o.rate !== undefined) set.rate_per_minute = o.rate;
  if (!Object.keys(set).length) throw new AdminError('nothing to change: give --plan, --active/--inactive or --rate');
  const result = await db.updateTable('accounts').set(set).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AdminError(`no account ${id}`);
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function createMember(db: Kysely<Database>, o: { account: number; email: string; name: string; kind: string }) {
  if (o.kind !== 'artist' && o.kind !== 'label') throw new AdminError('--kind must be artist or label');
  const account = await db.selectFrom('accounts').select('id').where('id', '=', o.account).executeTakeFirst();
  if (!account) throw new AdminError(`no account ${o.account}`);
  const row = await db
    .insertInto('members')
    .values({ account_id: o.account, email: o.email, name: o.name, kind: o.kind, status: 'active', is_own: 0, created_at: now(), last_login_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

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

export async function listAccounts(db: Kysely<Database>) {
  return db.selectFrom('accounts').selectAll().orderBy('id').execute();
}

/** Staff side: set a release's delivery state (for example `live`), so updates of it get flagged. */
export async function setReleaseState(db: Kysely<Database>, id: number, o: { deliveryState?: string; releaseStatus?: string }) {
  const set: Record<string, unknown> = { updated_at: now() };
  if (o.deliveryState) set.delivery_state = o.deliveryState;
  if (o.releaseStatus) set.release_status = o.releaseStatus;
  const result = await db.updateTable('releases').set(set).where('id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AdminError(`no release ${id}`);
  return db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function listReleases(db: Kysely<Database>, member: number) {
  return db.selectFrom('releases').selectAll().where('member_id', '=', member).orderBy('id').execute();
}

export async function listRecordings(db: Kysely<Database>, member: number) {
  return db.selectFrom('recordings').selectAll().where('member_id', '=', member).orderBy('id').execute();
}

/** Connection activity of an account (what the dashboard's Connection panel shows), oldest first. */
export async function listActivity(db: Kysely<Database>, account: number) {
  return db.selectFrom('connection_activity').selectAll().where('account_id', '=', account).orderBy('id').execute();
}

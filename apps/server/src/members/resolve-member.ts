/** Which member a batch is for: the given member of the caller's account, or the account's own catalog. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import { notFound } from '../http/api-error.js';
import { parseId } from '../http/ids.js';
import { compiledOnce, rowsOf } from '../db/compiled-once.js';

/** Compiled once: a dry run without a member asks it on every request. */
const ownMemberOf = compiledOnce((db, { accountId }: { accountId: number }) => db.selectFrom('members').select('id').where('account_id', '=', accountId).where('is_own', '=', 1));

export async function ownMemberId(db: Kysely<Database>, accountId: number): Promise<number> {
  const [own] = await rowsOf(db, ownMemberOf(db, { accountId }));
  if (own) return own.id;
  // Accounts made before members existed: give them their own catalog now.
  const account = await db.selectFrom('accounts').select(['name', 'email']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const created = await db
    .insertInto('members')
    .values({ account_id: accountId, email: account.email, name: account.name, kind: 'label', status: 'active', is_own: 1, created_at: nowIso(), last_login_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

export async function resolveMember(db: Kysely<Database>, accountId: number, given: number | string | undefined): Promise<number> {
  if (given === undefined || given === '') return ownMemberId(db, accountId);
  const id = parseId(given, 'member_id');
  const member = await db.selectFrom('members').select('id').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (!member) throw notFound();
  return member.id;
}

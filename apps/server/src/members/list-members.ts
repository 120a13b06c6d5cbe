/** The account's members (artists and labels), newest first, each with its number of releases: GET /members and the dashboard's Money page. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import './tables.js';
import '../releases/tables.js';

export async function listMembers(db: Kysely<Database>, accountId: number, kind?: 'artist' | 'label') {
  let query = db
    .selectFrom('members')
    .leftJoin('releases', 'releases.member_id', 'members.id')
    .select((eb) => ['members.id', 'members.email', 'members.name', 'members.kind', 'members.status', 'members.created_at', 'members.last_login_at', eb.fn.count<number>('releases.id').as('releases')])
    .where('members.account_id', '=', accountId)
    .groupBy(['members.id', 'members.email', 'members.name', 'members.kind', 'members.status', 'members.created_at', 'members.last_login_at']);
  if (kind) query = query.where('members.kind', '=', kind);
  const rows = await query.orderBy('members.id', 'desc').execute();
  return rows.map((r) => ({ ...r, releases: Number(r.releases) }));
}

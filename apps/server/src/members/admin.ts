/** `ddex-server admin member create`: a member (artist or label) made by the operator, active at once. */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso as now } from '../clock.js';

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

/** Adds `admin member …` and returns its command (other capabilities add sub-commands to it). */
export function registerMemberAdmin(admin: Command, withDb: WithDb, intArg: IntArg): Command {
  const member = admin.command('member').description('members (artists, labels)');
  member
    .command('create')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .requiredOption('--email <email>')
    .requiredOption('--name <name>')
    .option('--kind <kind>', 'artist or label', 'artist')
    .action(withDb((db, o) => createMember(db, { account: o.account as number, email: o.email as string, name: o.name as string, kind: o.kind as string }), (r) => `member ${r.id} created`));

  return member;
}

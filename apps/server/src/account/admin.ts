/**
 * `ddex-server admin account …` (create, update, list; `domain` in portal-admin.ts) and `admin activity` (pings and SFTP
 * connection tests): the operator's way to open an account and see its connection.
 */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso } from '../clock.js';
import { ownMemberId } from '../members/resolve-member.js';
import { registerPortalDomainAdmin } from './portal-admin.js';

export async function createAccount(db: Kysely<Database>, o: { name: string; email: string; plan: string; active: boolean; rate?: number }) {
  if (!o.name || !o.email) throw new AdminError('an account needs --name and --email');
  const row = await db
    .insertInto('accounts')
    .values({ name: o.name, email: o.email, plan: o.plan.toLowerCase(), active: o.active ? 1 : 0, rate_per_minute: o.rate ?? null, created_at: nowIso() })
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

export async function listAccounts(db: Kysely<Database>) {
  return db.selectFrom('accounts').selectAll().orderBy('id').execute();
}

/** Connection activity of an account (what the dashboard's Connection panel shows), oldest first. */
export async function listActivity(db: Kysely<Database>, account: number) {
  return db.selectFrom('connection_activity').selectAll().where('account_id', '=', account).orderBy('id').execute();
}

export function registerAccountAdmin(admin: Command, withDb: WithDb, intArg: IntArg): void {
  const account = admin.command('account').description('partner accounts');
  account
    .command('create')
    .requiredOption('--name <name>')
    .requiredOption('--email <email>')
    .option('--plan <plan>', 'enterprise or custom include the API; any other plan does not', 'enterprise')
    .option('--inactive', 'create it inactive')
    .option('--rate <n>', 'requests per minute per key (custom plan)', intArg('--rate'))
    .action(withDb((db, o) => createAccount(db, { name: o.name as string, email: o.email as string, plan: o.plan as string, active: !o.inactive, rate: o.rate as number | undefined }), (r) => `account ${r.id} created (own catalog: member ${r.own_member_id})`));
  account
    .command('update')
    .requiredOption('--id <id>', 'account id', intArg('--id'))
    .option('--plan <plan>')
    .option('--active')
    .option('--inactive')
    .option('--rate <n>', 'requests per minute per key', intArg('--rate'))
    .action(withDb((db, o) => updateAccount(db, o.id as number, { plan: o.plan as string | undefined, active: o.active ? true : o.inactive ? false : undefined, rate: o.rate as number | undefined }), (r) => `account ${r.id}: plan ${r.plan}, ${r.active ? 'active' : 'inactive'}, rate ${r.rate_per_minute ?? 'plan default'}`));
  account.command('list').action(withDb((db) => listAccounts(db), (rows) => rows.map((r) => `${r.id}\t${r.name}\t${r.email}\t${r.plan}\t${r.active ? 'active' : 'inactive'}`).join('\n')));
  registerPortalDomainAdmin(account, withDb, intArg);

  admin.command('activity').description('connection activity (pings) of an account').requiredOption('--account <id>', 'account id', intArg('--account')).action(withDb((db, o) => listActivity(db, o.account as number), (rows) => rows.map((r) => `${r.at}\t${r.kind}\tkey ${r.key_id}\t${r.ip ?? ''}`).join('\n')));

}

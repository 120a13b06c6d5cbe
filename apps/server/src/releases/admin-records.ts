/**
 * `ddex-server admin release set|list` and `admin recordings`: the catalog as stored, read and
 * repaired by the operator (`set` writes states directly, with no event; decisions are in admin.ts).
 */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AdminError } from '../admin/admin-error.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';
import { nowIso as now } from '../clock.js';

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

/** Adds `admin release …` and `admin recordings`, and returns the release command. */
export function registerReleaseRecordsAdmin(admin: Command, withDb: WithDb, intArg: IntArg): Command {
  const release = admin.command('release').description('staff actions on releases');
  release
    .command('set')
    .requiredOption('--id <id>', 'release id', intArg('--id'))
    .option('--delivery-state <state>', 'not_started, live, partially_live')
    .option('--release-status <status>', 'in_review, approved, changes_requested, archived, taken_down')
    .action(withDb((db, o) => setReleaseState(db, o.id as number, { deliveryState: o.deliveryState as string | undefined, releaseStatus: o.releaseStatus as string | undefined }), (r) => `release ${r.id}: ${r.release_status}, ${r.delivery_state}`));
  release.command('list').requiredOption('--member <id>', 'member id', intArg('--member')).action(withDb((db, o) => listReleases(db, o.member as number), (rows) => rows.map((r) => `${r.id}\t${r.upc}\t${r.title}\t${r.release_status}\t${r.delivery_state}`).join('\n')));
  admin.command('recordings').requiredOption('--member <id>', 'member id', intArg('--member')).action(withDb((db, o) => listRecordings(db, o.member as number), (rows) => rows.map((r) => `${r.id}\t${r.isrc ?? ''}\t${r.title}`).join('\n')));

  return release;
}

/**
 * Staff commands on releases (`ddex-server admin release …`), staff requests (`admin request …`)
 * and the events outbox (`admin events`). Each decision is a state transition of staff-actions.ts;
 * an illegal move exits 2 with the reason.
 */
import type { Command } from 'commander';
import { AdminError } from '../admin/admin-error.js';
import { nowIso } from '../clock.js';
import { decide, recordStoreStatus, StaffActionError, type Decision } from './staff-actions.js';
import type { IntArg, WithDb } from '../admin/admin-kit.js';

const staff = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof StaffActionError) throw new AdminError(error.message);
    throw error;
  }
};

export function registerReleaseAdmin(release: Command, admin: Command, withDb: WithDb, intArg: IntArg): void {
  const decisions: [Decision, string][] = [
    ['approve', 'approve a release (in_review or changes_requested): it is queued for its stores'],
    ['request-changes', 'ask the partner for changes (--reason, required)'],
    ['archive', 'archive a release'],
    ['take-down', 'take an approved release down from its stores'],
  ];
  for (const [decision, description] of decisions) {
    const cmd = release.command(decision).description(description).requiredOption('--id <id>', 'release id', intArg('--id'));
    if (decision === 'request-changes' || decision === 'take-down') cmd.option('--reason <text>', 'what the partner reads');
    cmd.action(
      withDb(
        (db, o, env) => staff(() => decide(db, env.dialect, o.id as number, decision, (o.reason as string | undefined) ?? null)),
        (r) => `release ${r.id}: ${r.release_status}`,
      ),
    );
  }
  release
    .command('store-status')
    .description("record a store's status and phase for a release")
    .requiredOption('--id <id>', 'release id', intArg('--id'))
    .requiredOption('--store <key>', 'store key (spotify, apple_music, ...)')
    .requiredOption('--status <status>', 'pending, in_progress, live, rejected, taken_down')
    .requiredOption('--phase <phase>', 'pending, queued, sent, accepted, live, rejected, takedown')
    .action(
      withDb(
        (db, o, env) => staff(() => recordStoreStatus(db, env.dialect, o.id as number, o.store as string, o.status as string, o.phase as string)),
        (r) => `release ${r.release.id}: ${r.release.delivery_state}${r.changed ? '' : ' (no change)'}`,
      ),
    );

  const request = admin.command('request').description('staff requests: takedowns, updates of live releases, UPCs held elsewhere');
  request
    .command('list')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .option('--all', 'resolved requests too')
    .action(
      withDb(
        async (db, o) => {
          let q = db.selectFrom('staff_flags').selectAll().where('account_id', '=', o.account as number);
          if (!o.all) q = q.where('resolved_at', 'is', null);
          return q.orderBy('id').execute();
        },
        (rows) => rows.map((r) => `${r.id}\tdelivery ${r.delivery_id}\t${r.ref}\t${r.upc}\t${r.resolution ?? 'open'}\t${r.reason}`).join('\n'),
      ),
    );
  request
    .command('resolve')
    .requiredOption('--id <id>', 'request id', intArg('--id'))
    .requiredOption('--resolution <word>', 'approved or rejected')
    .option('--note <text>', 'why')
    .action(
      withDb(
        async (db, o) => {
          const resolution = o.resolution as string;
          if (!['approved', 'rejected'].includes(resolution)) throw new AdminError('--resolution must be approved or rejected');
          const result = await db
            .updateTable('staff_flags')
            .set({ resolution, resolution_note: (o.note as string | undefined) ?? null, resolved_at: nowIso() })
            .where('id', '=', o.id as number)
            .where('resolved_at', 'is', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new AdminError(`request ${o.id} does not exist or is already resolved`);
          return { id: o.id as number, resolution };
        },
        (r) => `request ${r.id}: ${r.resolution}`,
      ),
    );

  admin
    .command('events')
    .description('domain events of an account (the outbox), oldest first')
    .requiredOption('--account <id>', 'account id', intArg('--account'))
    .option('--type <type>', 'only this type')
    .action(
      withDb(
        async (db, o) => {
          let q = db.selectFrom('events').selectAll().where('account_id', '=', o.account as number);
          if (o.type) q = q.where('type', '=', o.type as string);
          const rows = await q.orderBy('seq').execute();
          return rows.map((r) => ({ id: r.id, type: r.type, occurred_at: r.occurred_at, account_id: r.account_id, data: JSON.parse(r.data) }));
        },
        (rows) => rows.map((r) => `${r.occurred_at}\t${r.type}\t${r.id}\t${JSON.stringify(r.data)}`).join('\n'),
      ),
    );
}

/**
 * The staff's decisions on a release, each a state transition with its rules and its domain event,
 * written in one transaction (the change and its event together, or neither). Admin commands run
 * them today; the dashboard's staff pages will call the same functions.
 *
 *   in_review          -> approved, changes_requested, archived
 *   changes_requested  -> approved, archived (a new delivery of the UPC puts it back in_review)
 *   approved           -> taken_down, archived; changes_requested while no store has it live
 *   taken_down         -> archived
 *   archived           -> (final)
 *
 * A store's status and phase can be recorded for an approved or taken-down release.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ReleaseTable } from './tables.js';
import type { Dialect } from '../db/connect.js';
import { emitEvent } from '../events/emit.js';
import { nowIso } from '../clock.js';
import { LIVE_STATES } from './release-view.js';

export class StaffActionError extends Error {}

export type Decision = 'approve' | 'request-changes' | 'archive' | 'take-down';

const MOVES: Record<Decision, { to: string; from: string[]; event: string }> = {
  approve: { to: 'approved', from: ['in_review', 'changes_requested'], event: 'release.approved' },
  'request-changes': { to: 'changes_requested', from: ['in_review', 'approved'], event: 'release.changes_requested' },
  archive: { to: 'archived', from: ['in_review', 'changes_requested', 'approved', 'taken_down'], event: 'release.archived' },
  'take-down': { to: 'taken_down', from: ['approved'], event: 'release.taken_down' },
};

export const STORE_STATUSES = ['pending', 'in_progress', 'live', 'rejected', 'taken_down'];
export const STORE_PHASES = ['pending', 'queued', 'sent', 'accepted', 'live', 'rejected', 'takedown'];

const releaseData = (r: Selectable<ReleaseTable>) => ({ id: r.id, title: r.title, upc: r.upc, member_id: r.member_id });

async function lockRelease(trx: Transaction<Database>, dialect: Dialect, id: number): Promise<Selectable<ReleaseTable>> {
  // FOR UPDATE on PostgreSQL (two staff decisions on one release are serialized); SQLite writes one at a time.
  const query = trx.selectFrom('releases').selectAll().where('id', '=', id);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new StaffActionError(`release ${id} does not exist`);
  return row;
}

export async function decide(db: Kysely<Database>, dialect: Dialect, id: number, decision: Decision, reason: string | null = null): Promise<Selectable<ReleaseTable>> {
  const move = MOVES[decision];
  if (decision === 'request-changes' && !reason) throw new StaffActionError('request-changes needs a --reason the partner will read');
  return db.transaction().execute(async (trx) => {
    const release = await lockRelease(trx, dialect, id);
    if (!move.from.includes(release.release_status)) {
      throw new StaffActionError(`release ${id} is ${release.release_status}: it cannot be moved to ${move.to} (allowed from ${move.from.join(', ')})`);
    }
    if (decision === 'request-changes' && release.release_status === 'approved' && LIVE_STATES.includes(release.delivery_state)) {
      throw new StaffActionError(`release ${id} is live in stores: take it down first, or let the partner deliver an update`);
    }
    const now = nowIso();
    await trx.updateTable('releases').set({ release_status: move.to, status_reason: reason, updated_at: now }).where('id', '=', id).execute();
    const updated = { ...release, release_status: move.to, status_reason: reason, updated_at: now };
    const data: Record<string, unknown> = { release: releaseData(updated) };
    if (decision === 'request-changes' || decision === 'take-down') data.reason = reason;
    await emitEvent(trx, { accountId: release.account_id, type: move.event, data });
    return updated;
  });
}

/** Records a store's status and phase for a release, recomputes its delivery_state, and writes `delivery.store_status_changed`. */
export async function recordStoreStatus(db: Kysely<Database>, dialect: Dialect, id: number, store: string, status: string, phase: string): Promise<{ release: Selectable<ReleaseTable>; changed: boolean }> {
  if (!/^[a-z0-9_]{2,40}$/.test(store)) throw new StaffActionError(`store "${store}" must be a key of 2-40 lower-case letters, digits or _ (spotify, apple_music, ...)`);
  if (!STORE_STATUSES.includes(status)) throw new StaffActionError(`status must be one of ${STORE_STATUSES.join(', ')}`);
  if (!STORE_PHASES.includes(phase)) throw new StaffActionError(`phase must be one of ${STORE_PHASES.join(', ')}`);
  return db.transaction().execute(async (trx) => {
    const release = await lockRelease(trx, dialect, id);
    if (!['approved', 'taken_down'].includes(release.release_status)) {
      throw new StaffActionError(`release ${id} is ${release.release_status}: stores only take approved (or taken-down) releases`);
    }
    const now = nowIso();
    const before = await trx.selectFrom('release_stores').selectAll().where('release_id', '=', id).where('store', '=', store).executeTakeFirst();
    if (before && before.status === status && before.phase === phase) return { release, changed: false };
    if (before) await trx.updateTable('release_stores').set({ status, phase, updated_at: now }).where('release_id', '=', id).where('store', '=', store).execute();
    else await trx.insertInto('release_stores').values({ release_id: id, store, status, phase, updated_at: now }).execute();
    const stores = await trx.selectFrom('release_stores').select('status').where('release_id', '=', id).execute();
    const live = stores.filter((s) => s.status === 'live').length;
    const deliveryState = live === 0 ? 'not_started' : live === stores.length ? 'live' : 'partially_live';
    await trx.updateTable('releases').set({ delivery_state: deliveryState, updated_at: now }).where('id', '=', id).execute();
    const updated = { ...release, delivery_state: deliveryState, updated_at: now };
    await emitEvent(trx, { accountId: release.account_id, type: 'delivery.store_status_changed', data: { release: releaseData(updated), store, status, phase, delivery_state: deliveryState } });
    return { release: updated, changed: true };
  });
}

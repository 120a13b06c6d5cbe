/**
 * Imports a checked delivery in one transaction: drafts created or updated on the member,
 * recordings upserted, staff flags raised, items written and the final status set. The first
 * statement re-checks that this worker still holds the job, so a reclaimed job is imported once;
 * if the process dies inside, the transaction rolls back and the next claim imports from scratch.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Report } from '@ddex-check/engine';
import type { Database, DeliveryStatus } from '../db/schema.js';
import { LIVE_DELIVERY_STATES, STAFF_DECIDED_STATUSES } from './db-catalog.js';
import { emitEvent } from '../events/emit.js';
import { deliveryEventData } from './events.js';
import { failureText, planItems, type ItemError, type PlannedItem } from './release-items.js';
import { recordMessages } from './delivery-messages.js';

export class LeaseLost extends Error {}


export type ItemOutcome = 'created' | 'updated' | 'flagged' | 'left_out' | 'test';

interface Job {
  id: number;
  account_id: number;
  member_id: number;
}

async function decide(trx: Transaction<Database>, job: Job, item: PlannedItem, now: string): Promise<{ outcome: ItemOutcome; releaseId: number | null; reason?: string; errors: ItemError[] }> {
  if (item.engineOutcome === 'left_out') return { outcome: 'left_out', releaseId: null, errors: item.errors };
  if (!item.upc) {
    const errors = [...item.errors, { field: '', rule: 'server-release-upc-required', message: 'The release has no UPC (ICPN), which the catalog needs.', line: null, column: null }];
    return { outcome: 'left_out', releaseId: null, errors };
  }
  const existing = await trx.selectFrom('releases').selectAll().where('member_id', '=', job.member_id).where('upc', '=', item.upc).executeTakeFirst();
  if (item.engineOutcome === 'flagged') {
    return { outcome: 'flagged', releaseId: existing?.id ?? null, reason: item.staffReasons.join(' ') || 'The engine flagged this release for staff.', errors: item.errors };
  }
  if (existing && LIVE_DELIVERY_STATES.includes(existing.delivery_state)) {
    return { outcome: 'flagged', releaseId: existing.id, reason: `Update of release ${existing.id}, which is live: staff must approve it.`, errors: item.errors };
  }
  // Only a draft awaiting review takes new data: a release staff have decided on (approved and
  // queued for its stores, taken down, archived) would otherwise reach its stores unreviewed.
  if (existing && STAFF_DECIDED_STATUSES.some((s) => s === existing.release_status)) {
    return { outcome: 'flagged', releaseId: existing.id, reason: `Update of release ${existing.id}, which is ${existing.release_status.replace('_', ' ')}: staff must approve it.`, errors: item.errors };
  }
  if (existing) {
    // A draft the staff sent back for changes is up for review again once the partner re-delivers it.
    const releaseStatus = existing.release_status === 'changes_requested' ? 'in_review' : existing.release_status;
    await trx.updateTable('releases').set({ title: item.title || existing.title, last_delivery_id: job.id, release_status: releaseStatus, updated_at: now }).where('id', '=', existing.id).execute();
    return { outcome: 'updated', releaseId: existing.id, errors: item.errors };
  }
  const elsewhere = await trx.selectFrom('releases').select(['id', 'member_id']).where('upc', '=', item.upc).where('member_id', '!=', job.member_id).executeTakeFirst();
  if (elsewhere) {
    return { outcome: 'flagged', releaseId: null, reason: `UPC ${item.upc} belongs to another member's release: staff must decide.`, errors: item.errors };
  }
  const created = await trx
    .insertInto('releases')
    .values({
      account_id: job.account_id,
      member_id: job.member_id,
      upc: item.upc,
      title: item.title,
      release_status: 'in_review',
      delivery_state: 'not_started',
      created_by_delivery_id: job.id,
      last_delivery_id: job.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { outcome: 'created', releaseId: created.id, errors: item.errors };
}

async function upsertRecordings(trx: Transaction<Database>, job: Job, report: Report, importedFiles: Set<string>, now: string): Promise<void> {
  for (const rec of report.would_create.recordings) {
    if (!importedFiles.has(rec.file)) continue;
    const title = rec.title ?? '';
    const existing = rec.isrc
      ? await trx.selectFrom('recordings').select('id').where('member_id', '=', job.member_id).where('isrc', '=', rec.isrc).executeTakeFirst()
      : await trx.selectFrom('recordings').select('id').where('delivery_id', '=', job.id).where('file', '=', rec.file).where('reference', '=', rec.reference).executeTakeFirst();
    if (existing) {
      await trx.updateTable('recordings').set({ title, delivery_id: job.id, updated_at: now }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('recordings')
        .values({ account_id: job.account_id, member_id: job.member_id, isrc: rec.isrc, title, delivery_id: job.id, file: rec.file, reference: rec.reference, created_at: now, updated_at: now })
        .execute();
    }
  }
}

export async function importReport(db: Kysely<Database>, job: Job, workerId: string, report: Report): Promise<DeliveryStatus> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const held = await trx
      .updateTable('deliveries')
      .set({ lease_expires_at: new Date(Date.now() + 10 * 60_000).toISOString() })
      .where('id', '=', job.id)
      .where('worker_id', '=', workerId)
      .where('status', '=', 'importing')
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost(`delivery ${job.id} is no longer held by ${workerId}`);

    const planned = planItems(report);
    const counts = { created: 0, updated: 0, flagged: 0, left_out: 0, test: 0 };
    const releaseIds: number[] = [];
    const importedFiles = new Set<string>();
    await trx.deleteFrom('delivery_items').where('delivery_id', '=', job.id).execute();
    for (const item of planned) {
      const decided = await decide(trx, job, item, now);
      counts[decided.outcome]++;
      if (decided.releaseId !== null && !releaseIds.includes(decided.releaseId)) releaseIds.push(decided.releaseId);
      if (decided.outcome === 'created' || decided.outcome === 'updated') importedFiles.add(item.file);
      if (decided.outcome === 'flagged') {
        await trx
          .insertInto('staff_flags')
          .values({ account_id: job.account_id, member_id: job.member_id, delivery_id: job.id, release_id: decided.releaseId, ref: item.ref, upc: item.upc, reason: decided.reason ?? '', created_at: now, resolved_at: null })
          .execute();
      }
      await trx
        .insertInto('delivery_items')
        .values({ delivery_id: job.id, position: item.position, file: item.file, ref: item.ref, title: item.title, upc: item.upc, outcome: decided.outcome, release_id: decided.releaseId, errors: JSON.stringify(decided.errors) })
        .execute();
    }
    await upsertRecordings(trx, job, report, importedFiles, now);
    // Each message as read, for what answers per message (the SFTP inbox's acknowledgements).
    await recordMessages(trx, job.id, report);

    const imported = counts.created + counts.updated + counts.flagged;
    const status: DeliveryStatus = planned.length > 0 && counts.left_out === 0 ? 'done' : imported > 0 ? 'partial' : 'failed';
    await trx
      .updateTable('deliveries')
      .set({
        status,
        error: status === 'failed' ? failureText(report, planned) : null,
        message_id: report.messages[0]?.message_id ?? '',
        ern_version: report.ern_version ?? '',
        message_count: report.messages.length,
        release_count: planned.length,
        // The batch's tracks, whatever happened to them (a flagged re-delivery has as many as the first).
        track_count: report.messages.reduce((n, m) => n + m.tracks, 0),
        created_count: counts.created,
        updated_count: counts.updated,
        flagged_count: counts.flagged,
        left_out_count: counts.left_out,
        needs_staff: counts.flagged > 0 ? 1 : 0,
        release_ids: JSON.stringify(releaseIds),
        finished_at: now,
        worker_id: null,
        lease_expires_at: null,
      })
      .where('id', '=', job.id)
      .execute();
    // The delivery's outcome and its event, in the import's transaction.
    const row = await trx.selectFrom('deliveries').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    await emitEvent(trx, { accountId: row.account_id, type: `ddex.delivery.${status}`, data: deliveryEventData(row) });
    return status;
  });
}

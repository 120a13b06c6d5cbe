/**
 * What a checked delivery does to the catalog, decided by the capability that owns the releases,
 * recordings and staff requests: per release of the report, create a draft, update a draft, hold
 * the update for staff (a live release, one staff decided on, a UPC of another member, or the
 * engine's own flag) or leave it out; then the recordings of the releases taken, and each touched
 * release's history entry (release-history.ts). Runs inside the
 * delivery's import transaction (ddex/import-report.ts), which records the items and the status.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ItemError, PlannedItem } from '../ddex/release-items.js';
import type { DeliveryReport } from '../ddex/engine-task.js';
import { LIVE_DELIVERY_STATES, STAFF_DECIDED_STATUSES } from './release-states.js';
import { recordHistory } from './release-history.js';

export type ItemOutcome = 'created' | 'updated' | 'flagged' | 'left_out' | 'test';

/** The delivery whose releases are imported. */
export interface ImportingDelivery {
  id: number;
  account_id: number;
  member_id: number;
}

export interface ReleaseDecision {
  item: PlannedItem;
  outcome: ItemOutcome;
  releaseId: number | null;
  errors: ItemError[];
}

/** Decides and writes every planned release of a delivery, its staff requests, its recordings and its history. */
export async function importReleases(trx: Transaction<Database>, job: ImportingDelivery, report: DeliveryReport, planned: PlannedItem[], now: string): Promise<ReleaseDecision[]> {
  const decisions: ReleaseDecision[] = [];
  const importedFiles = new Set<string>();
  for (const item of planned) {
    const decided = await decide(trx, job, item, now);
    if (decided.outcome === 'created' || decided.outcome === 'updated') importedFiles.add(item.file);
    if (decided.outcome === 'flagged') {
      await trx
        .insertInto('staff_flags')
        .values({ account_id: job.account_id, member_id: job.member_id, delivery_id: job.id, release_id: decided.releaseId, ref: item.ref, upc: item.upc, reason: decided.reason ?? '', created_at: now, resolved_at: null })
        .execute();
    }
    decisions.push({ item, outcome: decided.outcome, releaseId: decided.releaseId, errors: decided.errors });
  }
  await upsertRecordings(trx, job, report, importedFiles, now);
  await recordHistory(trx, job, report, decisions, now);
  return decisions;
}

async function decide(trx: Transaction<Database>, job: ImportingDelivery, item: PlannedItem, now: string): Promise<{ outcome: ItemOutcome; releaseId: number | null; reason?: string; errors: ItemError[] }> {
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

async function upsertRecordings(trx: Transaction<Database>, job: ImportingDelivery, report: DeliveryReport, importedFiles: Set<string>, now: string): Promise<void> {
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

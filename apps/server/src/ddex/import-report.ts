/**
 * Imports a checked delivery in one transaction: the releases capability decides and writes what
 * it does to the catalog (releases/import-releases.ts); here its items, counts, final status and
 * event are written. The first statement re-checks that this claim of the delivery's job still
 * holds the delivery (and locks its row on PostgreSQL until the commit), so a delivery whose job was
 * claimed again is imported once; if the process dies inside, the transaction rolls back and the
 * next claim imports from scratch.
 */
import type { Kysely } from 'kysely';
import type { Report } from '@ddex-check/engine';
import type { Database } from '../db/schema.js';
import type { DeliveryStatus } from './tables.js';
import { nowIso } from '../clock.js';
import { emitEvent } from '../events/emit.js';
import { deliveryEventData } from './events.js';
import { failureText, planItems } from './release-items.js';
import { importReleases, type ImportingDelivery } from '../releases/import-releases.js';
import { recordMessages } from './delivery-messages.js';

export class LeaseLost extends Error {}

export async function importReport(db: Kysely<Database>, job: ImportingDelivery, claim: string, report: Report): Promise<DeliveryStatus> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const held = await trx
      .updateTable('deliveries')
      .set({ worker_id: claim })
      .where('id', '=', job.id)
      .where('worker_id', '=', claim)
      .where('status', '=', 'importing')
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost(`delivery ${job.id} is no longer held by ${claim}`);

    const planned = planItems(report);
    const counts = { created: 0, updated: 0, flagged: 0, left_out: 0, test: 0 };
    const releaseIds: number[] = [];
    await trx.deleteFrom('delivery_items').where('delivery_id', '=', job.id).execute();
    for (const { item, outcome, releaseId, errors } of await importReleases(trx, job, report, planned, now)) {
      counts[outcome]++;
      if (releaseId !== null && !releaseIds.includes(releaseId)) releaseIds.push(releaseId);
      await trx
        .insertInto('delivery_items')
        .values({ delivery_id: job.id, position: item.position, file: item.file, ref: item.ref, title: item.title, upc: item.upc, outcome, release_id: releaseId, errors: JSON.stringify(errors) })
        .execute();
    }
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
      })
      .where('id', '=', job.id)
      .execute();
    // The delivery's outcome and its event, in the import's transaction.
    const row = await trx.selectFrom('deliveries').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    await emitEvent(trx, { accountId: row.account_id, type: `ddex.delivery.${status}`, data: deliveryEventData(row) });
    return status;
  });
}

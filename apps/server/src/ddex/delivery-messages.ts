/**
 * The messages of a delivery as the engine read them: file, identity, whether the whole message
 * was rejected, and its errors (rule, place, text). Written in the import's transaction, so they
 * exist exactly when the delivery has an outcome from a report; the SFTP inbox's acknowledgements
 * (one ACK file per message) are made from them. A delivery that failed before the engine answered
 * has none.
 */
import type { Generated, Kysely, Transaction } from 'kysely';
import type { Check, Report } from '@ddex-check/engine';
import type { Database } from '../db/schema.js';

/** Errors kept per message: an acknowledgement lists them; thousands would help nobody. */
export const MAX_KEPT_ERRORS = 100;

export interface MessageError {
  rule: string;
  stage: string;
  message: string;
  field: string;
  line: number | null;
  column: number | null;
}

export interface DeliveryMessageTable {
  id: Generated<number>;
  delivery_id: number;
  position: number;
  /** Path of the message inside the batch. */
  file: string;
  message_id: string | null;
  /** The MessageSender as read (its name, else its first party id). */
  sender: string | null;
  /** The MessageCreatedDateTime as read. */
  created: string | null;
  rejected: number;
  /** JSON array of `MessageError`: the error checks of the message and of the batch as a whole, the first MAX_KEPT_ERRORS. */
  errors: string;
  error_count: number;
}

declare module '../db/schema.js' {
  interface Database {
    delivery_messages: DeliveryMessageTable;
  }
}

const toError = (c: Check): MessageError => ({ rule: c.rule, stage: c.stage, message: c.message, field: c.field, line: c.line, column: c.column });

/** Replaces the delivery's message rows with those of `report` (an import run again writes them again). */
export async function recordMessages(trx: Transaction<Database>, deliveryId: number, report: Report): Promise<void> {
  await trx.deleteFrom('delivery_messages').where('delivery_id', '=', deliveryId).execute();
  for (const [position, m] of report.messages.entries()) {
    // A check of the batch itself (file '') concerns every message of it.
    const errors = report.checks.filter((c) => c.status === 'error' && (c.file === m.file || c.file === ''));
    await trx
      .insertInto('delivery_messages')
      .values({
        delivery_id: deliveryId,
        position,
        file: m.file,
        message_id: m.message_id,
        sender: m.sender,
        created: m.created,
        rejected: m.rejected ? 1 : 0,
        errors: JSON.stringify(errors.slice(0, MAX_KEPT_ERRORS).map(toError)),
        error_count: errors.length,
      })
      .execute();
  }
}

export async function deliveryMessages(db: Kysely<Database>, deliveryId: number) {
  const rows = await db.selectFrom('delivery_messages').selectAll().where('delivery_id', '=', deliveryId).orderBy('position').execute();
  return rows.map((r) => ({ ...r, rejected: Boolean(Number(r.rejected)), errors: JSON.parse(r.errors) as MessageError[], error_count: Number(r.error_count) }));
}

/**
 * Writes a domain event. Call it with the transaction that makes the change the event reports, so
 * the change and its event are stored together or not at all (there is no moment in between for a
 * crash to lose the event). Readers find it by `seq`, and move a cursor past what they read (the
 * webhooks' fan-out, the dashboard's feed), so an event must never become visible after one with a
 * higher `seq`: on PostgreSQL, where transactions of several processes take sequence numbers in one
 * order and may commit in another, the transactions writing events take turns from their first
 * event to their commit (a transaction-level advisory lock), so `seq` follows commit order. Without
 * it the scale proof lost webhooks: a `queued` event committed just after the fan-out had read a
 * later one. SQLite commits one transaction at a time already.
 */
import crypto from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../clock.js';
import { isEventType } from './event-types.js';
import './tables.js';

/** The envelope of spec section 6, as sent to webhook receivers. */
export interface EventEnvelope<D = Record<string, unknown>> {
  id: string;
  type: string;
  api_version: 'v1';
  occurred_at: string;
  account_id: number;
  data: D;
}

/** The advisory lock key of event writing (any constant of this server's own: it takes no other). */
const EVENTS_LOCK = 0x64646578;

export async function emitEvent<D extends Record<string, unknown>>(
  trx: Transaction<Database> | Kysely<Database>,
  event: { accountId: number; type: string; data: D },
): Promise<EventEnvelope<D>> {
  if (!isEventType(event.type)) throw new Error(`unknown event type ${event.type}: add it to events/event-types.ts`);
  const envelope: EventEnvelope<D> = {
    id: crypto.randomUUID(),
    type: event.type,
    api_version: 'v1',
    occurred_at: nowIso(),
    account_id: event.accountId,
    data: event.data,
  };
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${EVENTS_LOCK})`.execute(trx);
  await trx
    .insertInto('events')
    .values({ id: envelope.id, account_id: envelope.account_id, type: envelope.type, data: JSON.stringify(envelope.data), occurred_at: envelope.occurred_at })
    .execute();
  return envelope;
}

/** Reads an event row back as its envelope. */
export function envelopeOf(row: { id: string; account_id: number; type: string; data: string; occurred_at: string }): EventEnvelope {
  return { id: row.id, type: row.type, api_version: 'v1', occurred_at: row.occurred_at, account_id: row.account_id, data: JSON.parse(row.data) };
}

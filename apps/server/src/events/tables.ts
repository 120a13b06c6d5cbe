/** The events table (the outbox): one row per domain event, written in the transaction of its change. */
import type { Generated } from 'kysely';

export interface EventTable {
  /** Order of writing (cursor for readers: the webhook dispatcher, the dashboard's activity, MCP). */
  seq: Generated<number>;
  /** The event id (UUID) sent to receivers; a retry keeps it. */
  id: string;
  account_id: number;
  type: string;
  /** JSON of the type's `data`. */
  data: string;
  occurred_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    events: EventTable;
  }
}

/** Tables of the webhooks capability, added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface WebhookEndpointTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  description: string;
  /** JSON array of subscribed event types. */
  events: string;
  enabled: number;
  /** The `whsec_` secret, AES-256-GCM encrypted (webhooks/secrets.ts). */
  secret_enc: string;
  secret_prefix: string;
  created_at: string;
  updated_at: string;
  last_success_at: string | null;
  last_failure_at: string | null;
  /** Start of the current run of failed attempts (null after a success). */
  failing_since: string | null;
  failure_count: number;
  disabled_at: string | null;
  disabled_reason: string | null;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  account_id: number;
  event_id: string;
  event: string;
  /** The envelope sent, as JSON (the same bytes on every attempt). */
  payload: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  response_status: number | null;
  response_ms: number | null;
  next_attempt_at: string | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface EventCursorTable {
  name: string;
  seq: number;
}

declare module '../db/schema.js' {
  interface Database {
    webhook_endpoints: WebhookEndpointTable;
    webhook_deliveries: WebhookDeliveryTable;
    event_cursors: EventCursorTable;
  }
}

/**
 * Every domain event type the platform emits (GET /webhooks/events lists them). A type is listed
 * here only when something real emits it, with a test; each capability adds its own list.
 * `data` describes the type's content for the OpenAPI document.
 */
import { RELEASE_EVENT_TYPES } from '../releases/events.js';
import { DDEX_EVENT_TYPES } from '../ddex/events.js';
import { STATEMENT_EVENT_TYPES } from '../earnings/events.js';
import { PAYOUT_EVENT_TYPES } from '../payouts/events.js';
import type { EventType } from './event-type.js';

export type { EventType } from './event-type.js';


/** Sent by POST /webhooks/{id}/test to that endpoint only, whatever it subscribed to. */
const WEBHOOK_TEST: EventType = { type: 'webhook.test', label: 'Test event', description: 'Sent by POST /webhooks/{id}/test, signed like any other event, whatever the endpoint subscribed to.', data: { type: 'object', required: ['endpoint_id', 'message'], properties: { endpoint_id: { type: 'integer' }, message: { type: 'string' } } } };

export const EVENT_TYPES: EventType[] = [...DDEX_EVENT_TYPES, ...RELEASE_EVENT_TYPES, ...STATEMENT_EVENT_TYPES, ...PAYOUT_EVENT_TYPES, WEBHOOK_TEST];

export function isEventType(type: string): boolean {
  return EVENT_TYPES.some((t) => t.type === type);
}

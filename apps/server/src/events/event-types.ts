/**
 * Every domain event type the platform emits (GET /webhooks/events lists them). A type is listed
 * here only when something real emits it, with a test; each capability adds its own list.
 * `data` describes the type's content for the OpenAPI document.
 */
import { RELEASE_EVENT_TYPES } from '../releases/events.js';

export interface EventType {
  type: string;
  label: string;
  description: string;
  /** JSON Schema of the event's `data`. */
  data: Record<string, unknown>;
}

export const EVENT_TYPES: EventType[] = [...RELEASE_EVENT_TYPES];

export function isEventType(type: string): boolean {
  return EVENT_TYPES.some((t) => t.type === type);
}

/** A domain event type as GET /webhooks/events lists it; each capability's `events.ts` declares its own. */
export interface EventType {
  type: string;
  label: string;
  description: string;
  /** JSON Schema of the event's `data`. */
  data: Record<string, unknown>;
}

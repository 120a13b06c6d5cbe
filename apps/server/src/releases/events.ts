/** Domain events of releases: the staff's decisions and the stores' progress (spec section 6). */
import type { EventType } from '../events/event-type.js';

const release = { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' }, upc: { type: 'string' }, member_id: { type: 'integer' } } };

export const RELEASE_EVENT_TYPES: EventType[] = [
  { type: 'release.approved', label: 'Release approved', description: 'Staff approved a release; it is queued for its stores.', data: { type: 'object', required: ['release'], properties: { release } } },
  { type: 'release.changes_requested', label: 'Changes requested', description: 'Staff asked for changes to a release before approving it; `reason` says which.', data: { type: 'object', required: ['release', 'reason'], properties: { release, reason: { type: 'string' } } } },
  { type: 'release.archived', label: 'Release archived', description: 'Staff archived a release.', data: { type: 'object', required: ['release'], properties: { release } } },
  { type: 'release.taken_down', label: 'Release taken down', description: 'Staff took a release down from its stores; `reason` says why.', data: { type: 'object', required: ['release', 'reason'], properties: { release, reason: { type: ['string', 'null'] } } } },
  {
    type: 'delivery.store_status_changed',
    label: 'Store status changed',
    description: "A store's status or phase for a release changed (sent, accepted, live, rejected, taken down); `delivery_state` is the release's after the change.",
    data: { type: 'object', required: ['release', 'store', 'status', 'phase', 'delivery_state'], properties: { release, store: { type: 'string' }, status: { type: 'string' }, phase: { type: 'string' }, delivery_state: { type: 'string' } } },
  },
];

/** Domain events of deliveries (spec section 6, category DDEX): queued, then done, partial or failed. */
import type { Selectable } from 'kysely';
import type { EventType } from '../events/event-type.js';
import type { DeliveryTable } from './tables.js';

const delivery = {
  type: 'object',
  required: ['id', 'status', 'batch_name', 'member_id'],
  properties: {
    id: { type: 'integer' },
    status: { type: 'string' },
    batch_name: { type: 'string' },
    member_id: { type: 'integer' },
    error: { type: ['string', 'null'] },
    release_count: { type: 'integer' },
    created_count: { type: 'integer' },
    updated_count: { type: 'integer' },
    flagged_count: { type: 'integer' },
    left_out_count: { type: 'integer' },
    release_ids: { type: 'array', items: { type: 'integer' } },
  },
};
const data = { type: 'object', required: ['delivery'], properties: { delivery } };

export const DDEX_EVENT_TYPES: EventType[] = [
  { type: 'ddex.delivery.queued', label: 'Delivery queued', description: 'A batch was accepted (POST /ddex, a committed upload, an SFTP marker) and waits for processing.', data },
  { type: 'ddex.delivery.done', label: 'Delivery done', description: 'A delivery finished with no release left out.', data },
  { type: 'ddex.delivery.partial', label: 'Delivery partial', description: 'A delivery finished with some releases left out and others imported or flagged.', data },
  { type: 'ddex.delivery.failed', label: 'Delivery failed', description: 'A delivery finished with nothing imported; `error` says why.', data },
];

/** The `data` of a delivery event. */
export function deliveryEventData(row: Pick<Selectable<DeliveryTable>, 'id' | 'status' | 'batch_name' | 'member_id' | 'error' | 'release_count' | 'created_count' | 'updated_count' | 'flagged_count' | 'left_out_count' | 'release_ids'>) {
  return {
    delivery: {
      id: row.id,
      status: row.status,
      batch_name: row.batch_name,
      member_id: row.member_id,
      error: row.error,
      release_count: row.release_count,
      created_count: row.created_count,
      updated_count: row.updated_count,
      flagged_count: row.flagged_count,
      left_out_count: row.left_out_count,
      release_ids: JSON.parse(row.release_ids) as number[],
    },
  };
}

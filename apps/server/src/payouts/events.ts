/** Domain events of payouts (spec section 6, category payouts). */
import type { EventType } from '../events/event-type.js';

const payout = { type: 'object', required: ['id', 'amount_cents', 'currency', 'status'], properties: { id: { type: 'integer' }, amount_cents: { type: 'integer' }, currency: { type: 'string' }, status: { type: 'string' }, failed_reason: { type: ['string', 'null'] } } };
const data = { type: 'object', required: ['payout'], properties: { payout } };

export const PAYOUT_EVENT_TYPES: EventType[] = [
  { type: 'payout.requested', label: 'Payout requested', description: 'A withdrawal was requested; its amount is reserved from the available balance.', data },
  { type: 'payout.approved', label: 'Payout approved', description: 'Staff approved a withdrawal request.', data },
  { type: 'payout.completed', label: 'Payout paid', description: 'The money was sent; the amount counts as paid.', data },
  { type: 'payout.failed', label: 'Payout failed', description: 'A withdrawal failed or was refused (`failed_reason`); its amount is available again.', data },
];

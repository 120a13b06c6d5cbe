/** Domain events of statements (spec section 6, category statements). */
import type { EventType } from '../events/event-type.js';

export const STATEMENT_EVENT_TYPES: EventType[] = [
  {
    type: 'statement.committed',
    label: 'Statement committed',
    description: 'Staff committed a store statement: its rows are now revenue (GET /earnings).',
    data: {
      type: 'object',
      required: ['statement'],
      properties: {
        statement: {
          type: 'object',
          required: ['id', 'rows', 'units', 'amount_usd'],
          properties: { id: { type: 'integer' }, file_name: { type: 'string' }, rows: { type: 'integer' }, units: { type: 'integer' }, amount_usd: { type: 'number' }, stores: { type: 'array', items: { type: 'string' } }, periods: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
  },
];

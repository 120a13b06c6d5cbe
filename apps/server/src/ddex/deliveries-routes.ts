/** GET /ddex (last 100, newest first) and GET /ddex/{id} (with items); other accounts' deliveries are 404. */
import { notFound } from '../http/api-error.js';
import type { RouteSpec } from '../http/route-spec.js';
import { parseId } from '../http/ids.js';
import { getDelivery, listDeliveries } from './deliveries.js';

const readErrors = [
  { status: 429, codes: ['rate_limited'] },
];

export const listDeliveriesRoute: RouteSpec = {
  method: 'GET',
  path: '/ddex',
  operationId: 'listDeliveries',
  summary: 'The last 100 deliveries, newest first',
  description: 'Scope ddex:validate or ddex:write.',
  scope: 'ddex:validate',
  success: { status: 200, schema: 'deliveries-response.schema.json', description: 'Deliveries' },
  errors: readErrors,
  async handler(ctx, caller) {
    return { data: await listDeliveries(ctx.db, caller.account.id) };
  },
};

export const getDeliveryRoute: RouteSpec = {
  method: 'GET',
  path: '/ddex/:id',
  operationId: 'getDelivery',
  summary: 'One delivery, with an item per release',
  description:
    'Scope ddex:validate or ddex:write. Absent or another account\'s delivery: 404 not_found. ' +
    'Each item\'s `changes` says what the delivery changed in the release against the catalog (its last imported delivery): `{summary, count, items}` (the first 50 changes), `{summary: "no change", count: 0, items: []}` for a re-delivery that changes nothing, null for a release new to the catalog or one with nothing kept to compare with. The release\'s whole history: GET /releases/{id}/history.',
  scope: 'ddex:validate',
  params: 'delivery-params.schema.json',
  success: { status: 200, schema: 'delivery-response.schema.json', description: 'The delivery' },
  errors: [{ status: 400, codes: ['invalid'] }, { status: 404, codes: ['not_found'] }, ...readErrors],
  async handler(ctx, caller, request) {
    const delivery = await getDelivery(ctx.db, caller.account.id, parseId((request.params as { id: string }).id, 'id'));
    if (!delivery) throw notFound();
    return { data: delivery };
  },
};

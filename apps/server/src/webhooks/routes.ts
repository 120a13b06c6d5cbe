/**
 * The ten webhook endpoints of spec section 4.5: event types, endpoints (at most 20, oldest first),
 * create/update with the URL rules, delete, roll the secret, a test event, the delivery log (30
 * days, newest first) and a retry of one delivery.
 */
import type { RouteSpec } from '../http/route-spec.js';
import { readJsonBody } from '../http/json-body.js';
import { parseId } from '../http/ids.js';
import { EVENT_TYPES } from '../events/event-types.js';
import { createEndpoint, deleteEndpoint, endpointView, listDeliveries, listEndpoints, ownEndpoint, retryDelivery, rollSecret, sendTest, updateEndpoint, type EndpointInput } from './endpoints.js';

const idOf = (request: { params: unknown }) => parseId((request.params as { id: string }).id, 'id');

const read = 'webhooks:read' as const;
const write = 'webhooks:write' as const;
const idErrors = [
  { status: 400, codes: ['invalid'] },
  { status: 404, codes: ['not_found'] },
];

export const webhookEventsRoute: RouteSpec = {
  method: 'GET',
  path: '/webhooks/events',
  operationId: 'listWebhookEventTypes',
  summary: 'Every event type, with what its data holds',
  description: 'Scope webhooks:read or webhooks:write. Each type with `label`, `description` and the JSON Schema of its `data`.',
  scope: read,
  success: { status: 200, schema: 'webhook-event-types-response.schema.json', description: 'Event types' },
  errors: [],
  async handler() {
    return { data: EVENT_TYPES.map((t) => ({ type: t.type, label: t.label, description: t.description, data: t.data })) };
  },
};

export const listWebhooksRoute: RouteSpec = {
  method: 'GET',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: 'Webhook endpoints, oldest first (at most 20)',
  description: 'Scope webhooks:read or webhooks:write. The secret is never listed, only its `secret_prefix`.',
  scope: read,
  success: { status: 200, schema: 'webhook-endpoints-response.schema.json', description: 'Endpoints' },
  errors: [],
  async handler(ctx, caller) {
    return { data: await listEndpoints(ctx, caller.account.id) };
  },
};

export const createWebhookRoute: RouteSpec = {
  method: 'POST',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Create a webhook endpoint',
  description:
    'A public https URL on port 443: loopback, private, link-local, shared (CGNAT), multicast, reserved and metadata addresses, IPv4 in IPv6, user info, and names resolving to any of them answer 400 invalid_url. ' +
    'The signing secret (`whsec_…`) is answered only here. 409 too_many past 20 endpoints.',
  scope: write,
  jsonBody: 'webhook-create.schema.json',
  success: { status: 201, schema: 'webhook-secret-response.schema.json', description: 'The endpoint and its secret' },
  errors: [
    { status: 400, codes: ['invalid', 'invalid_url'] },
    { status: 409, codes: ['too_many'] },
  ],
  async handler(ctx, caller, request, reply) {
    const body = await readJsonBody<EndpointInput>(request, 'webhook-create.schema.json');
    const created = await createEndpoint(ctx, caller.account.id, body);
    reply.code(201);
    return created;
  },
};

export const getWebhookRoute: RouteSpec = {
  method: 'GET',
  path: '/webhooks/:id',
  operationId: 'getWebhook',
  summary: 'One webhook endpoint',
  description: 'Scope webhooks:read or webhooks:write.',
  scope: read,
  params: 'webhook-params.schema.json',
  success: { status: 200, schema: 'webhook-endpoint-response.schema.json', description: 'The endpoint' },
  errors: idErrors,
  async handler(ctx, caller, request) {
    return { data: endpointView(await ownEndpoint(ctx, caller.account.id, idOf(request))) };
  },
};

export const updateWebhookRoute: RouteSpec = {
  method: 'PATCH',
  path: '/webhooks/:id',
  operationId: 'updateWebhook',
  summary: 'Change a webhook endpoint',
  description: 'Any of url, description, events, enabled. Enabling clears failure_count, disabled_at and disabled_reason; deliveries given up while the endpoint was off can then be retried.',
  scope: write,
  params: 'webhook-params.schema.json',
  jsonBody: 'webhook-update.schema.json',
  success: { status: 200, schema: 'webhook-endpoint-response.schema.json', description: 'The endpoint' },
  errors: [{ status: 400, codes: ['invalid', 'invalid_url'] }, { status: 404, codes: ['not_found'] }],
  async handler(ctx, caller, request) {
    const id = idOf(request);
    await ownEndpoint(ctx, caller.account.id, id);
    const body = await readJsonBody<Partial<EndpointInput>>(request, 'webhook-update.schema.json');
    return { data: await updateEndpoint(ctx, caller.account.id, id, body) };
  },
};

export const deleteWebhookRoute: RouteSpec = {
  method: 'DELETE',
  path: '/webhooks/:id',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint and its delivery log',
  description: 'Pending attempts are dropped with it.',
  scope: write,
  params: 'webhook-params.schema.json',
  success: { status: 200, schema: 'ok-response.schema.json', description: 'Deleted' },
  errors: idErrors,
  async handler(ctx, caller, request) {
    await deleteEndpoint(ctx, caller.account.id, idOf(request));
    return { ok: true };
  },
};

export const rollSecretRoute: RouteSpec = {
  method: 'POST',
  path: '/webhooks/:id/roll-secret',
  operationId: 'rollWebhookSecret',
  summary: 'Replace the signing secret',
  description: 'The old secret stops at once (attempts from now on are signed with the new one); the new one is answered only here.',
  scope: write,
  params: 'webhook-params.schema.json',
  success: { status: 200, schema: 'webhook-secret-response.schema.json', description: 'The endpoint and its new secret' },
  errors: idErrors,
  async handler(ctx, caller, request) {
    return rollSecret(ctx, caller.account.id, idOf(request));
  },
};

export const testWebhookRoute: RouteSpec = {
  method: 'POST',
  path: '/webhooks/:id/test',
  operationId: 'testWebhook',
  summary: 'Send a webhook.test event',
  description: 'Queues a `webhook.test` event to this endpoint, signed like any other, whatever events it subscribed to. 409 endpoint_disabled when it is off.',
  scope: write,
  params: 'webhook-params.schema.json',
  success: { status: 202, schema: 'webhook-delivery-response.schema.json', description: 'The queued delivery' },
  errors: [...idErrors, { status: 409, codes: ['endpoint_disabled'] }],
  async handler(ctx, caller, request, reply) {
    const delivery = await sendTest(ctx, caller.account.id, idOf(request));
    reply.code(202);
    return { delivery };
  },
};

export const listDeliveriesLogRoute: RouteSpec = {
  method: 'GET',
  path: '/webhooks/:id/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'The delivery log of an endpoint, newest first',
  description: 'The last 30 days. Filters `status`, `event`; `limit` 1-100 (default 50); `before` (a delivery id) for the next page; `has_more`.',
  scope: read,
  params: 'webhook-params.schema.json',
  querystring: 'webhook-deliveries-query.schema.json',
  success: { status: 200, schema: 'webhook-deliveries-response.schema.json', description: 'Deliveries' },
  errors: idErrors,
  async handler(ctx, caller, request) {
    const q = request.query as { status?: 'pending' | 'succeeded' | 'failed'; event?: string; limit?: string; before?: string };
    const id = idOf(request);
    return listDeliveries(ctx, caller.account.id, id, { status: q.status, event: q.event, limit: q.limit ? Number(q.limit) : undefined, before: q.before ? parseId(q.before, 'before') : undefined });
  },
};

export const retryDeliveryRoute: RouteSpec = {
  method: 'POST',
  path: '/webhooks/:id/deliveries/:delivery_id/retry',
  operationId: 'retryWebhookDelivery',
  summary: 'Send one delivery again now',
  description: 'The same event (same id and payload), signed with the current secret. 409 endpoint_disabled when the endpoint is off.',
  scope: write,
  params: 'webhook-delivery-params.schema.json',
  success: { status: 202, schema: 'webhook-delivery-response.schema.json', description: 'The delivery, pending again' },
  errors: [...idErrors, { status: 409, codes: ['endpoint_disabled'] }],
  async handler(ctx, caller, request, reply) {
    const params = request.params as { id: string; delivery_id: string };
    const delivery = await retryDelivery(ctx, caller.account.id, parseId(params.id, 'id'), parseId(params.delivery_id, 'delivery_id'));
    reply.code(202);
    return { delivery };
  },
};

export const WEBHOOK_ROUTES: RouteSpec[] = [
  webhookEventsRoute,
  listWebhooksRoute,
  createWebhookRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  rollSecretRoute,
  testWebhookRoute,
  listDeliveriesLogRoute,
  retryDeliveryRoute,
];

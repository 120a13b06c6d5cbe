/**
 * The ten webhook endpoints of spec section 4.5: event types, endpoints (at most 20, oldest first),
 * create/update with the URL rules, delete, roll the secret, a test event, the delivery log (30
 * days, newest first) and a retry of one delivery.
 */
import crypto from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { AppContext, RouteSpec } from '../http/route-spec.js';
import { ApiError, notFound } from '../http/api-error.js';
import { readJsonBody } from '../http/json-body.js';
import { parseId } from '../http/ids.js';
import { EVENT_TYPES } from '../events/event-types.js';
import { isoIn, nowIso } from '../clock.js';
import { checkWebhookUrl, UrlRefused } from './url-policy.js';
import { encryptSecret, newSecret, prefixOf, secretsKey } from './secrets.js';
import { LOG_DAYS, queueAttempt } from './dispatch.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './tables.js';
import './tables.js';

export const MAX_ENDPOINTS = 20;
// Every listed type, webhook.test included: subscribing to it changes nothing (it goes only to
// the endpoint tested, whatever it subscribed to), but a list copied from GET /webhooks/events is taken.
const SUBSCRIBABLE = new Set(EVENT_TYPES.map((t) => t.type));

function endpointView(row: Selectable<WebhookEndpointTable>) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    secret_prefix: row.secret_prefix,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_success_at: row.last_success_at,
    last_failure_at: row.last_failure_at,
    failure_count: row.failure_count,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
  };
}

function deliveryView(row: Selectable<WebhookDeliveryTable>) {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event: row.event,
    event_id: row.event_id,
    attempt: row.attempt,
    status: row.status,
    response_status: row.response_status,
    response_ms: row.response_ms,
    next_attempt_at: row.next_attempt_at,
    error: row.error,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    payload: JSON.parse(row.payload),
  };
}

async function urlOrRefusal(text: string): Promise<string> {
  try {
    return await checkWebhookUrl(text);
  } catch (error) {
    if (error instanceof UrlRefused) throw new ApiError(400, 'invalid_url', `Not a public https URL on port 443: ${error.message}.`, { field: 'url' });
    throw error;
  }
}

function checkEvents(events: string[]): void {
  const unknown = events.find((e) => !SUBSCRIBABLE.has(e));
  if (unknown !== undefined) throw new ApiError(400, 'invalid', `events: "${unknown.slice(0, 100)}" is not an event type (GET /webhooks/events lists them).`, { field: 'events' });
}

async function ownEndpoint(ctx: AppContext, accountId: number, idText: string) {
  const row = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', parseId(idText, 'id')).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

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
    const rows = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', caller.account.id).orderBy('id').limit(MAX_ENDPOINTS).execute();
    return { data: rows.map(endpointView) };
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
    const body = await readJsonBody<{ url: string; description?: string; events: string[]; enabled?: boolean }>(request, 'webhook-create.schema.json');
    checkEvents(body.events);
    const url = await urlOrRefusal(body.url);
    const secret = newSecret();
    const now = nowIso();
    const row = await ctx.db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', caller.account.id).executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_ENDPOINTS) throw new ApiError(409, 'too_many', `An account has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
      return trx
        .insertInto('webhook_endpoints')
        .values({
          account_id: caller.account.id,
          url,
          description: body.description ?? '',
          events: JSON.stringify(body.events),
          enabled: body.enabled === false ? 0 : 1,
          secret_enc: encryptSecret(secret, secretsKey(ctx.config.dataDir)),
          secret_prefix: prefixOf(secret),
          created_at: now,
          updated_at: now,
          last_success_at: null,
          last_failure_at: null,
          failing_since: null,
          failure_count: 0,
          disabled_at: body.enabled === false ? now : null,
          disabled_reason: body.enabled === false ? 'created disabled' : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    reply.code(201);
    return { endpoint: endpointView(row), secret };
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
    return { data: endpointView(await ownEndpoint(ctx, caller.account.id, (request.params as { id: string }).id)) };
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
    const endpoint = await ownEndpoint(ctx, caller.account.id, (request.params as { id: string }).id);
    const body = await readJsonBody<{ url?: string; description?: string; events?: string[]; enabled?: boolean }>(request, 'webhook-update.schema.json');
    if (body.events) checkEvents(body.events);
    const now = nowIso();
    const changes: Updateable<WebhookEndpointTable> = { updated_at: now };
    if (body.url !== undefined) changes.url = await urlOrRefusal(body.url);
    if (body.description !== undefined) changes.description = body.description;
    if (body.events !== undefined) changes.events = JSON.stringify(body.events);
    if (body.enabled === true && !endpoint.enabled) Object.assign(changes, { enabled: 1, failure_count: 0, failing_since: null, disabled_at: null, disabled_reason: null });
    if (body.enabled === false && endpoint.enabled) Object.assign(changes, { enabled: 0, disabled_at: now, disabled_reason: 'disabled by the partner' });
    await ctx.db.updateTable('webhook_endpoints').set(changes).where('id', '=', endpoint.id).execute();
    return { data: endpointView(await ownEndpoint(ctx, caller.account.id, String(endpoint.id))) };
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
    const endpoint = await ownEndpoint(ctx, caller.account.id, (request.params as { id: string }).id);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpoint.id).execute();
      await trx.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
    });
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
    const endpoint = await ownEndpoint(ctx, caller.account.id, (request.params as { id: string }).id);
    const secret = newSecret();
    await ctx.db.updateTable('webhook_endpoints').set({ secret_enc: encryptSecret(secret, secretsKey(ctx.config.dataDir)), secret_prefix: prefixOf(secret), updated_at: nowIso() }).where('id', '=', endpoint.id).execute();
    return { endpoint: endpointView(await ownEndpoint(ctx, caller.account.id, String(endpoint.id))), secret };
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
    const endpoint = await ownEndpoint(ctx, caller.account.id, (request.params as { id: string }).id);
    if (!endpoint.enabled) throw new ApiError(409, 'endpoint_disabled', `The endpoint is disabled (${endpoint.disabled_reason ?? 'off'}); enable it first.`);
    const now = nowIso();
    const id = crypto.randomUUID();
    const payload = { id, type: 'webhook.test', api_version: 'v1', occurred_at: now, account_id: caller.account.id, data: { endpoint_id: endpoint.id, message: 'A test event from ddex-check.' } };
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('webhook_deliveries')
        .values({ endpoint_id: endpoint.id, account_id: caller.account.id, event_id: id, event: 'webhook.test', payload: JSON.stringify(payload), attempt: 0, status: 'pending', response_status: null, response_ms: null, next_attempt_at: now, error: null, created_at: now, delivered_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueAttempt(trx, inserted.id);
      return inserted;
    });
    ctx.jobs.nudge();
    reply.code(202);
    return { delivery: deliveryView(row) };
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
    const endpoint = await ownEndpoint(ctx, caller.account.id, (request.params as { id: string }).id);
    const q = request.query as { status?: 'pending' | 'succeeded' | 'failed'; event?: string; limit?: string; before?: string };
    const limit = q.limit ? Number(q.limit) : 50;
    let query = ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).where('created_at', '>=', isoIn(-LOG_DAYS * 86_400_000));
    if (q.status) query = query.where('status', '=', q.status);
    if (q.event) query = query.where('event', '=', q.event);
    if (q.before) query = query.where('id', '<', parseId(q.before, 'before'));
    const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
    return { data: rows.slice(0, limit).map(deliveryView), has_more: rows.length > limit };
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
    const endpoint = await ownEndpoint(ctx, caller.account.id, params.id);
    const delivery = await ctx.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', parseId(params.delivery_id, 'delivery_id')).where('endpoint_id', '=', endpoint.id).executeTakeFirst();
    if (!delivery) throw notFound();
    if (!endpoint.enabled) throw new ApiError(409, 'endpoint_disabled', `The endpoint is disabled (${endpoint.disabled_reason ?? 'off'}); enable it first.`);
    const now = nowIso();
    const row = await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: now }).where('id', '=', delivery.id).execute();
      await queueAttempt(trx, delivery.id);
      return trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', delivery.id).executeTakeFirstOrThrow();
    });
    ctx.jobs.nudge();
    reply.code(202);
    return { delivery: deliveryView(row) };
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

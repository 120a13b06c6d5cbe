/**
 * The webhook endpoints of one account and their delivery log, as the API (routes.ts) and the
 * dashboard's Webhooks pages both read and change them: one copy of every query. Each function
 * takes the account and answers 404 not_found for another account's endpoint or delivery, so no
 * caller can forget the check. Secrets leave here only from `createEndpoint` and `rollSecret`.
 */
import crypto from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { AppContext } from '../http/route-spec.js';
import { ApiError, notFound } from '../http/api-error.js';
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

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs'>;
export type EndpointView = ReturnType<typeof endpointView>;
export type DeliveryView = ReturnType<typeof deliveryView>;

export function endpointView(row: Selectable<WebhookEndpointTable>) {
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

export function deliveryView(row: Selectable<WebhookDeliveryTable>) {
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
    payload: JSON.parse(row.payload) as Record<string, unknown>,
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

/** The account's endpoint `id`, or 404 not_found (another account's included). */
export async function ownEndpoint(ctx: Pick<Ctx, 'db'>, accountId: number, id: number) {
  const row = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(ctx: Pick<Ctx, 'db'>, accountId: number): Promise<EndpointView[]> {
  const rows = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('id').limit(MAX_ENDPOINTS).execute();
  return rows.map(endpointView);
}

export interface EndpointInput {
  url: string;
  description?: string;
  events: string[];
  enabled?: boolean;
}

/** A new endpoint and its secret: the one answer that carries the secret besides `rollSecret`. */
export async function createEndpoint(ctx: Ctx, accountId: number, input: EndpointInput): Promise<{ endpoint: EndpointView; secret: string }> {
  checkEvents(input.events);
  const url = await urlOrRefusal(input.url);
  const secret = newSecret();
  const now = nowIso();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const count = await trx.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ENDPOINTS) throw new ApiError(409, 'too_many', `An account has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first.`);
    return trx
      .insertInto('webhook_endpoints')
      .values({
        account_id: accountId,
        url,
        description: input.description ?? '',
        events: JSON.stringify(input.events),
        enabled: input.enabled === false ? 0 : 1,
        secret_enc: encryptSecret(secret, secretsKey(ctx.config.dataDir)),
        secret_prefix: prefixOf(secret),
        created_at: now,
        updated_at: now,
        last_success_at: null,
        last_failure_at: null,
        failing_since: null,
        failure_count: 0,
        disabled_at: input.enabled === false ? now : null,
        disabled_reason: input.enabled === false ? 'created disabled' : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { endpoint: endpointView(row), secret };
}

/** Enabling clears the failure count and the reason it was off; disabling records the partner did it. */
export async function updateEndpoint(ctx: Ctx, accountId: number, id: number, input: Partial<EndpointInput>): Promise<EndpointView> {
  const endpoint = await ownEndpoint(ctx, accountId, id);
  if (input.events) checkEvents(input.events);
  const now = nowIso();
  const changes: Updateable<WebhookEndpointTable> = { updated_at: now };
  if (input.url !== undefined) changes.url = await urlOrRefusal(input.url);
  if (input.description !== undefined) changes.description = input.description;
  if (input.events !== undefined) changes.events = JSON.stringify(input.events);
  if (input.enabled === true && !endpoint.enabled) Object.assign(changes, { enabled: 1, failure_count: 0, failing_since: null, disabled_at: null, disabled_reason: null });
  if (input.enabled === false && endpoint.enabled) Object.assign(changes, { enabled: 0, disabled_at: now, disabled_reason: 'disabled by the partner' });
  await ctx.db.updateTable('webhook_endpoints').set(changes).where('id', '=', endpoint.id).execute();
  return endpointView(await ownEndpoint(ctx, accountId, endpoint.id));
}

/** The endpoint and its delivery log; pending attempts find no delivery and stop. */
export async function deleteEndpoint(ctx: Ctx, accountId: number, id: number): Promise<void> {
  const endpoint = await ownEndpoint(ctx, accountId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpoint.id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
  });
}

/** A new secret, answered once; the old one stops at once. */
export async function rollSecret(ctx: Ctx, accountId: number, id: number): Promise<{ endpoint: EndpointView; secret: string }> {
  const endpoint = await ownEndpoint(ctx, accountId, id);
  const secret = newSecret();
  await ctx.db.updateTable('webhook_endpoints').set({ secret_enc: encryptSecret(secret, secretsKey(ctx.config.dataDir)), secret_prefix: prefixOf(secret), updated_at: nowIso() }).where('id', '=', endpoint.id).execute();
  return { endpoint: endpointView(await ownEndpoint(ctx, accountId, endpoint.id)), secret };
}

const disabledError = (endpoint: Selectable<WebhookEndpointTable>) => new ApiError(409, 'endpoint_disabled', `The endpoint is disabled (${endpoint.disabled_reason ?? 'off'}); enable it first.`);

/** Queues a `webhook.test` event to this endpoint, whatever it subscribed to. */
export async function sendTest(ctx: Ctx, accountId: number, id: number): Promise<DeliveryView> {
  const endpoint = await ownEndpoint(ctx, accountId, id);
  if (!endpoint.enabled) throw disabledError(endpoint);
  const now = nowIso();
  const eventId = crypto.randomUUID();
  const payload = { id: eventId, type: 'webhook.test', api_version: 'v1', occurred_at: now, account_id: accountId, data: { endpoint_id: endpoint.id, message: 'A test event from ddex-check.' } };
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: endpoint.id, account_id: accountId, event_id: eventId, event: 'webhook.test', payload: JSON.stringify(payload), attempt: 0, status: 'pending', response_status: null, response_ms: null, next_attempt_at: now, error: null, created_at: now, delivered_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await queueAttempt(trx, inserted.id);
    return inserted;
  });
  ctx.jobs.nudge();
  return deliveryView(row);
}

export interface DeliveryFilter {
  status?: 'pending' | 'succeeded' | 'failed';
  event?: string;
  limit?: number;
  /** A delivery id: the page of older ones. */
  before?: number;
}

/** The endpoint's log of the last 30 days, newest first, a page at a time. */
export async function listDeliveries(ctx: Pick<Ctx, 'db'>, accountId: number, id: number, filter: DeliveryFilter = {}): Promise<{ data: DeliveryView[]; has_more: boolean }> {
  const endpoint = await ownEndpoint(ctx, accountId, id);
  const limit = filter.limit ?? 50;
  let query = ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).where('created_at', '>=', isoIn(-LOG_DAYS * 86_400_000));
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.event) query = query.where('event', '=', filter.event);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
  return { data: rows.slice(0, limit).map(deliveryView), has_more: rows.length > limit };
}

/** The same event (same id and payload) again now, signed with the current secret. */
export async function retryDelivery(ctx: Ctx, accountId: number, id: number, deliveryId: number): Promise<DeliveryView> {
  const endpoint = await ownEndpoint(ctx, accountId, id);
  const delivery = await ctx.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('endpoint_id', '=', endpoint.id).executeTakeFirst();
  if (!delivery) throw notFound();
  if (!endpoint.enabled) throw disabledError(endpoint);
  const now = nowIso();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('webhook_deliveries').set({ status: 'pending', next_attempt_at: now }).where('id', '=', delivery.id).execute();
    await queueAttempt(trx, delivery.id);
    return trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', delivery.id).executeTakeFirstOrThrow();
  });
  ctx.jobs.nudge();
  return deliveryView(row);
}

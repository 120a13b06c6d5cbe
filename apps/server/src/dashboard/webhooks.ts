/**
 * The dashboard's Webhooks pages: the endpoints (add), one endpoint (edit its events, send a test,
 * roll the secret, delete, its delivery log with a retry per delivery). Every read and change goes
 * through endpoints.ts, as the API's routes do, so another account's endpoint or delivery answers
 * 404 here as it does there. A secret appears only in the answer to the POST that made it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../http/api-error.js';
import type { AppContext } from '../http/route-spec.js';
import { csrfField, dashboardPage, html } from './layout.js';
import { formOf, signedIn, type DashboardPage } from './page.js';
import { EVENT_TYPES } from '../events/event-types.js';
import { createEndpoint, deleteEndpoint, endpointView, listDeliveries, listEndpoints, MAX_ENDPOINTS, ownEndpoint, retryDelivery, rollSecret, sendTest, updateEndpoint } from '../webhooks/endpoints.js';
import {
  addForm,
  BASE,
  deliveryLog,
  emptyFields,
  endpointActions,
  endpointFormFields,
  endpointsTable,
  endpointSummary,
  logFilterForm,
  secretPanel,
  type EndpointFields,
  type LogFilter,
} from './webhook-views.js';

const read = { via: ['session'] as const, scope: 'webhooks:read' as const };
const write = { via: ['session'] as const, scope: 'webhooks:write' as const };

const NOTICES: Record<string, string> = {
  deleted: 'Endpoint deleted, with its delivery log.',
  saved: 'Changes saved.',
  tested: 'Test event queued: it shows in the log below once sent (reload to follow it).',
  retried: 'Delivery queued again: it is sent now, signed with the current secret.',
};

/** A path's id as the dashboard takes it: anything but a positive whole number is simply not found. */
function idParam(request: FastifyRequest, name = 'id'): number {
  const text = (request.params as Record<string, string>)[name];
  const id = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

function fieldsOf(request: FastifyRequest): EndpointFields {
  const form = formOf(request);
  return { url: form.get('url').trim(), description: form.get('description').trim(), events: form.getAll('events'), enabled: form.get('enabled') === '1' };
}

/** A change refused for what was sent (400, 409): shown on the page, not as an error page. */
const shownOnPage = (error: unknown): error is ApiError => error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 409);

function logFilterOf(request: FastifyRequest): LogFilter & { before?: number } {
  const q = request.query as Record<string, string | undefined>;
  const status = q.status === 'pending' || q.status === 'succeeded' || q.status === 'failed' ? q.status : undefined;
  const event = EVENT_TYPES.some((t) => t.type === q.event) ? q.event : undefined;
  const before = q.before && /^\d{1,15}$/.test(q.before) ? Number(q.before) : undefined;
  return { status, event, before };
}

async function listPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, o: { fields?: EndpointFields; error?: string; status?: number } = {}) {
  const caller = signedIn(request);
  const endpoints = await listEndpoints(ctx, caller.account.id);
  return dashboardPage(reply, {
    title: 'Webhooks',
    section: 'webhooks',
    caller,
    status: o.status,
    error: o.error,
    notice: NOTICES[(request.query as { done?: string }).done ?? ''],
    body: html`<p class="lead">Events are sent to your endpoints as they happen, as HTTPS POSTs signed the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> way. A failed attempt is tried again for about three days; every attempt is in the endpoint's log for 30 days.</p>
${endpointsTable(endpoints)}
${addForm(caller, o.fields ?? emptyFields, { full: endpoints.length >= MAX_ENDPOINTS, open: endpoints.length === 0 || o.fields !== undefined })}`,
  });
}

async function endpointPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, id: number, o: { fields?: EndpointFields; error?: string; status?: number; notice?: string } = {}) {
  const caller = signedIn(request);
  const endpoint = endpointView(await ownEndpoint(ctx, caller.account.id, id));
  const filter = logFilterOf(request);
  const log = await listDeliveries(ctx, caller.account.id, id, { status: filter.status, event: filter.event, before: filter.before, limit: 25 });
  const fields = o.fields ?? { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled };
  return dashboardPage(reply, {
    title: endpoint.description || 'Webhook endpoint',
    section: 'webhooks',
    caller,
    status: o.status,
    error: o.error,
    notice: o.notice ?? NOTICES[(request.query as { done?: string }).done ?? ''],
    body: html`<p><a href="${BASE}">All endpoints</a></p>
${endpointSummary(endpoint)}
${endpointActions(caller, endpoint)}
<h2 id="log-heading">Delivery log</h2>
${logFilterForm(id, filter)}
${deliveryLog(caller, id, log, filter)}
<h2>Edit</h2>
<form method="post" action="${BASE}/${id}" class="stack">${csrfField(caller)}${endpointFormFields(fields, 'edit')}<div class="buttons"><button type="submit" class="primary">Save changes</button></div></form>`,
  });
}

export const WEBHOOK_DASHBOARD_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: BASE,
    auth: read,
    handler: (ctx, request, reply) => listPage(ctx, request, reply),
  },
  {
    method: 'POST',
    path: BASE,
    auth: write,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const fields = fieldsOf(request);
      if (fields.events.length === 0) return listPage(ctx, request, reply, { fields, status: 400, error: 'Choose at least one event to send.' });
      try {
        const { endpoint, secret } = await createEndpoint(ctx, caller.account.id, fields);
        return dashboardPage(reply, { title: 'Endpoint added', section: 'webhooks', caller, notice: `Endpoint ${endpoint.url} added.`, body: secretPanel(secret, endpoint.id) });
      } catch (error) {
        if (shownOnPage(error)) return listPage(ctx, request, reply, { fields, status: error.statusCode, error: error.message });
        throw error;
      }
    },
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    auth: read,
    handler: (ctx, request, reply) => endpointPage(ctx, request, reply, idParam(request)),
  },
  {
    method: 'POST',
    path: `${BASE}/:id`,
    auth: write,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const id = idParam(request);
      const fields = fieldsOf(request);
      try {
        if (fields.events.length === 0) throw new ApiError(400, 'invalid', 'Choose at least one event to send.');
        await updateEndpoint(ctx, caller.account.id, id, fields);
      } catch (error) {
        if (shownOnPage(error)) return endpointPage(ctx, request, reply, id, { fields, status: error.statusCode, error: error.message });
        throw error;
      }
      return reply.redirect(`${BASE}/${id}?done=saved`, 303);
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/test`,
    auth: write,
    async handler(ctx, request, reply) {
      const id = idParam(request);
      try {
        await sendTest(ctx, signedIn(request).account.id, id);
      } catch (error) {
        if (shownOnPage(error)) return endpointPage(ctx, request, reply, id, { status: error.statusCode, error: error.message });
        throw error;
      }
      return reply.redirect(`${BASE}/${id}?done=tested#log-heading`, 303);
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/roll-secret`,
    auth: write,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const { endpoint, secret } = await rollSecret(ctx, caller.account.id, idParam(request));
      return dashboardPage(reply, { title: 'Secret rolled', section: 'webhooks', caller, notice: 'The old secret stopped working: attempts from now on are signed with this one.', body: secretPanel(secret, endpoint.id) });
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/delete`,
    auth: write,
    async handler(ctx, request, reply) {
      await deleteEndpoint(ctx, signedIn(request).account.id, idParam(request));
      return reply.redirect(`${BASE}?done=deleted`, 303);
    },
  },
  {
    method: 'POST',
    path: `${BASE}/:id/deliveries/:delivery_id/retry`,
    auth: write,
    async handler(ctx, request, reply) {
      const id = idParam(request);
      try {
        await retryDelivery(ctx, signedIn(request).account.id, id, idParam(request, 'delivery_id'));
      } catch (error) {
        if (shownOnPage(error)) return endpointPage(ctx, request, reply, id, { status: error.statusCode, error: error.message });
        throw error;
      }
      return reply.redirect(`${BASE}/${id}?done=retried#log-heading`, 303);
    },
  },
];

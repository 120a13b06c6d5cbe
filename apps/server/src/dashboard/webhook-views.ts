/**
 * The markup of the dashboard's Webhooks pages (webhooks.ts reads and acts; this only
 * draws): the endpoints table, the endpoint form, the secret shown once, the delivery log.
 * Every value goes through `html`, which escapes it.
 */
import type { Caller } from '../auth/caller.js';
import { csrfField, html, when, type SafeHtml } from './layout.js';
import { EVENT_TYPES } from '../events/event-types.js';
import type { DeliveryView, EndpointView } from '../webhooks/endpoints.js';

export const BASE = '/dashboard/webhooks';
// webhook.test goes to the endpoint tested whatever it subscribed to: not a choice to offer.
const CHOOSABLE = EVENT_TYPES.filter((t) => t.type !== 'webhook.test');

/** The event types in the groups a person looks for them by; a type no group names (a new capability's) shows under Other. */
const GROUP_OF: Record<string, string> = { ddex: 'Deliveries', release: 'Releases', delivery: 'Releases', statement: 'Money', payout: 'Money' };
const GROUPS = [...new Set([...Object.values(GROUP_OF), 'Other'])]
  .map((label) => ({ label, types: CHOOSABLE.filter((t) => (GROUP_OF[t.type.split('.')[0]] ?? 'Other') === label) }))
  .filter((g) => g.types.length > 0);

/** An event's description, its `names` in code type (the descriptions are written for the API's reference). */
function withCode(text: string): SafeHtml {
  return html`${text.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part))}`;
}

export interface EndpointFields {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}

export const emptyFields: EndpointFields = { url: '', description: '', events: [], enabled: true };

export function statusBadge(endpoint: EndpointView): SafeHtml {
  if (endpoint.enabled) return html`<span class="badge badge-ok">Enabled</span>`;
  return html`<span class="badge badge-bad">Disabled</span>${endpoint.disabled_reason ? html` <span class="muted">${endpoint.disabled_reason}</span>` : ''}`;
}

const labelOf = new Map(EVENT_TYPES.map((t) => [t.type, t.label]));

function eventsSummary(events: string[]): SafeHtml {
  const shown = events.slice(0, 3).map((t) => labelOf.get(t) ?? t);
  return html`${shown.join(', ')}${events.length > 3 ? html` <span class="muted">and ${events.length - 3} more</span>` : ''}`;
}

export function endpointsTable(endpoints: EndpointView[]): SafeHtml {
  if (endpoints.length === 0) return html`<p class="empty">No endpoint yet. Add one below: events are sent to it as they happen, signed with its secret.</p>`;
  return html`<div class="table-wrap"><table>
<caption class="visually-hidden">Your webhook endpoints</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Last success</th><th scope="col">Last failure</th></tr></thead>
<tbody>${endpoints.map(
    (e) => html`<tr>
<td><a href="${BASE}/${e.id}" class="url">${e.url}</a>${e.description ? html`<br><span class="muted">${e.description}</span>` : ''}</td>
<td>${eventsSummary(e.events)}</td>
<td>${statusBadge(e)}</td>
<td>${when(e.last_success_at)}</td>
<td>${when(e.last_failure_at)}${e.failure_count ? html` <span class="muted">(${e.failure_count} in a row)</span>` : ''}</td>
</tr>`,
  )}</tbody></table></div>`;
}

/** The fields of the add and edit forms; `idPrefix` keeps the ids unique on a page. */
export function endpointFormFields(fields: EndpointFields, idPrefix: string): SafeHtml {
  const chosen = new Set(fields.events);
  return html`<div class="field"><label for="${idPrefix}-url">URL</label>
<input id="${idPrefix}-url" name="url" type="url" required maxlength="2048" value="${fields.url}" placeholder="https://example.com/ddex-events" aria-describedby="${idPrefix}-url-hint" autocomplete="url">
<p class="hint" id="${idPrefix}-url-hint">A public https address on port 443.</p></div>
<div class="field"><label for="${idPrefix}-description">Description <span class="muted">(optional)</span></label>
<input id="${idPrefix}-description" name="description" type="text" maxlength="200" value="${fields.description}"></div>
<fieldset class="events"><legend>Events to send</legend>
<div class="event-groups">${GROUPS.map(
  (group) => html`<fieldset><legend>${group.label}</legend>${group.types.map((t) => {
    const id = `${idPrefix}-ev-${t.type.replace(/\W/g, '-')}`;
    return html`<div class="choice"><input type="checkbox" id="${id}" name="events" value="${t.type}"${chosen.has(t.type) ? html` checked` : ''} aria-describedby="${id}-hint">
<label for="${id}">${t.label} <code>${t.type}</code></label><p class="hint" id="${id}-hint">${withCode(t.description)}</p></div>`;
  })}</fieldset>`,
)}</div>
</fieldset>
<div class="choice"><input type="checkbox" id="${idPrefix}-enabled" name="enabled" value="1"${fields.enabled ? html` checked` : ''}><label for="${idPrefix}-enabled">Enabled</label></div>`;
}

/** The add form: open when there is no endpoint yet or it comes back with an error, else behind its summary. */
export function addForm(caller: Caller, fields: EndpointFields, o: { full: boolean; open: boolean }): SafeHtml {
  if (o.full) return html`<h2>Add an endpoint</h2><p class="muted">An account has at most 20 endpoints: delete one to add another.</p>`;
  const form = html`<form method="post" action="${BASE}" class="stack">${csrfField(caller)}${endpointFormFields(fields, 'add')}<div class="buttons"><button type="submit" class="primary">Add endpoint</button></div></form>`;
  if (o.open) return html`<h2>Add an endpoint</h2>${form}`;
  return html`<details class="add"><summary>Add an endpoint</summary>${form}</details>`;
}

/** The secret, this once: the page that shows it is the answer to the POST, never a page to come back to. */
export function secretPanel(secret: string, endpointId: number): SafeHtml {
  return html`<section class="secret-once" aria-labelledby="secret-heading">
<h2 id="secret-heading">Signing secret</h2>
<p>Copy it now into your receiver's configuration: <strong>it is not shown again</strong>. Lost, it can only be replaced (Roll secret).</p>
<div class="secret"><code id="new-secret">${secret}</code><button type="button" data-copy="new-secret">Copy</button></div>
<p><a href="${BASE}/${endpointId}">Continue to the endpoint</a></p>
</section>`;
}

export function endpointSummary(e: EndpointView): SafeHtml {
  return html`<dl class="facts">
<div class="wide"><dt>URL</dt><dd class="url">${e.url}</dd></div>
<div><dt>Status</dt><dd>${statusBadge(e)}</dd></div>
<div><dt>Secret</dt><dd><code>${e.secret_prefix}…</code></dd></div>
<div><dt>Last success</dt><dd>${when(e.last_success_at)}</dd></div>
<div><dt>Last failure</dt><dd>${when(e.last_failure_at)}</dd></div>
<div><dt>Created</dt><dd>${when(e.created_at)}</dd></div>
</dl>`;
}

export function endpointActions(caller: Caller, e: EndpointView): SafeHtml {
  return html`<div class="buttons">
<form method="post" action="${BASE}/${e.id}/test">${csrfField(caller)}<button type="submit"${e.enabled ? '' : html` disabled`}>Send test event</button></form>
<form method="post" action="${BASE}/${e.id}/roll-secret" data-confirm="Roll the secret? The current one stops working at once.">${csrfField(caller)}<button type="submit">Roll secret</button></form>
<form method="post" action="${BASE}/${e.id}/delete" data-confirm="Delete this endpoint and its delivery log?">${csrfField(caller)}<button type="submit" class="danger">Delete endpoint</button></form>
</div>`;
}

const STATUS_CLASS = { succeeded: 'badge-ok', failed: 'badge-bad', pending: 'badge-wait' } as const;

function outcome(d: DeliveryView): SafeHtml {
  const answer = d.response_status === null ? '' : html`<span class="nowrap">HTTP ${d.response_status}</span>${d.response_ms === null ? '' : html` <span class="muted nowrap">in ${d.response_ms} ms</span>`}`;
  return html`${answer}${d.error ? html`<br><span class="muted">${d.error}</span>` : ''}${d.status === 'pending' && d.next_attempt_at ? html`<br><span class="muted">next attempt ${when(d.next_attempt_at)}</span>` : ''}`;
}

export interface LogFilter {
  status?: 'pending' | 'succeeded' | 'failed';
  event?: string;
}

export function logFilterForm(endpointId: number, filter: LogFilter): SafeHtml {
  const option = (value: string, label: string, current?: string) => html`<option value="${value}"${value === (current ?? '') ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="${BASE}/${endpointId}" class="filters" aria-label="Filter the delivery log">
<div class="field"><label for="log-status">Status</label><select id="log-status" name="status">${option('', 'Any', filter.status)}${option('succeeded', 'Succeeded', filter.status)}${option('failed', 'Failed', filter.status)}${option('pending', 'Pending', filter.status)}</select></div>
<div class="field"><label for="log-event">Event</label><select id="log-event" name="event">${option('', 'Any', filter.event)}${EVENT_TYPES.map((t) => option(t.type, t.type, filter.event))}</select></div>
<div class="buttons"><button type="submit">Filter</button></div>
</form>`;
}

export function deliveryLog(caller: Caller, endpointId: number, log: { data: DeliveryView[]; has_more: boolean }, filter: LogFilter): SafeHtml {
  if (log.data.length === 0) return html`<p class="empty">No delivery${filter.status || filter.event ? ' matches these filters' : ' in the last 30 days'}. Send a test event to see one here.</p>`;
  const older = new URLSearchParams({ ...(filter.status ? { status: filter.status } : {}), ...(filter.event ? { event: filter.event } : {}), before: String(log.data[log.data.length - 1].id) });
  return html`<div class="table-wrap"><table class="log">
<caption class="visually-hidden">Deliveries to this endpoint, newest first</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Answer</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${log.data.map(
    (d) => html`<tr>
<td>${when(d.created_at)}</td>
<td><code>${d.event}</code><details><summary>Payload</summary><pre>${JSON.stringify(d.payload, null, 2)}</pre></details></td>
<td><span class="badge ${STATUS_CLASS[d.status]}">${d.status}</span></td>
<td>${d.attempt}</td>
<td>${outcome(d)}</td>
<td class="actions"><form method="post" action="${BASE}/${endpointId}/deliveries/${d.id}/retry">${csrfField(caller)}<button type="submit" aria-label="Retry the ${d.event} delivery of ${d.created_at.slice(0, 19).replace('T', ' ')}">Retry</button></form></td>
</tr>`,
  )}</tbody></table></div>
${log.has_more ? html`<p><a href="${BASE}/${endpointId}?${older.toString()}">Older deliveries</a></p>` : ''}`;
}

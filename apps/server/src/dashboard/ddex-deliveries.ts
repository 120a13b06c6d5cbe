/**
 * DDEX → Deliveries: the list GET /ddex answers (ddex/deliveries.ts, the same query), whose
 * statuses change live: ddex.js opens the stream of the account's delivery events
 * (delivery-stream.ts, fed by the outbox) from the newest event's seq when the page was made, so
 * nothing between the page and the stream is missed. And one delivery with its items and errors.
 */
import { ApiError } from '../http/api-error.js';
import { sessionOf } from '../auth/caller.js';
import { sessionIsLive } from '../users/sessions.js';
import { assetUrl } from './assets.js';
import { dashboardPage, html, when } from './layout.js';
import type { SafeHtml } from './html.js';
import { signedIn, type DashboardPage } from './page.js';
import { getDelivery, listDeliveries, type DeliveryListItem } from '../ddex/deliveries.js';
import { streamDeliveryEvents } from '../ddex/delivery-stream.js';
import type { ItemError } from '../ddex/release-items.js';
import { pageId } from '../http/ids.js';

const BASE = '/dashboard/ddex/deliveries';
const auth = { via: ['session'] as const, scope: 'ddex:validate' as const };

const STATUS_WORDS: Record<string, string> = { queued: 'Queued', parsing: 'Reading', validating: 'Checking', importing: 'Importing', done: 'Done', partial: 'Partial', failed: 'Failed' };

export function statusBadge(status: string): SafeHtml {
  return html`<span class="status-badge status-${status}" data-status>${STATUS_WORDS[status] ?? status}</span>`;
}

function deliveryRow(d: DeliveryListItem): SafeHtml {
  return html`<tr id="delivery-${d.id}" data-delivery="${d.id}"><td><a href="${BASE}/${d.id}">#${d.id}</a></td><td>${d.batch_name}</td><td>${statusBadge(d.status)}</td><td data-field="release_count">${d.release_count}</td><td data-field="created_count">${d.created_count}</td><td data-field="updated_count">${d.updated_count}</td><td data-field="flagged_count">${d.flagged_count}</td><td data-field="left_out_count">${d.left_out_count}</td><td>${when(d.created_at)}</td></tr>`;
}

const deliveryId = (raw: string) => pageId(raw, 'delivery');

export const DELIVERY_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: BASE,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      // The seq first, then the list: an event between the two is sent again by the stream, never lost.
      const after = await ctx.events.lastSeq(caller.account.id);
      const rows = await listDeliveries(ctx.db, caller.account.id);
      return dashboardPage(reply, {
        title: 'Deliveries',
        section: 'deliveries',
        caller,
        body: html`<link rel="stylesheet" href="${assetUrl('ddex.css')}"><script src="${assetUrl('ddex.js')}" defer></script>
<p class="lead">The last 100 deliveries (POST /ddex, direct uploads, SFTP /production), newest first. Statuses change here as they happen.</p>
<p class="live-state hint" data-live="${BASE}/events?after=${after}" role="status" aria-live="polite">Live updates: connecting…</p>
<div class="table-wrap"><table class="deliveries"><caption class="visually-hidden">Deliveries, newest first</caption>
<thead><tr><th scope="col">Delivery</th><th scope="col">Batch</th><th scope="col">Status</th><th scope="col">Releases</th><th scope="col">Created</th><th scope="col">Updated</th><th scope="col">Flagged</th><th scope="col">Left out</th><th scope="col">Received</th></tr></thead>
<tbody>${rows.map(deliveryRow)}</tbody></table></div>
${rows.length === 0 ? html`<p class="empty" data-empty>No delivery yet. Send a batch to POST /ddex or SFTP /production.</p>` : ''}`,
      });
    },
  },
  {
    method: 'GET',
    path: `${BASE}/events`,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const after = Number((request.query as { after?: string }).after ?? 0);
      const session = sessionOf(caller).id;
      streamDeliveryEvents(ctx, caller, request, reply, { after: Number.isSafeInteger(after) && after >= 0 ? after : 0, stillValid: () => sessionIsLive(ctx.db, session) });
      return reply;
    },
  },
  {
    method: 'GET',
    path: `${BASE}/:id`,
    auth,
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const d = await getDelivery(ctx.db, caller.account.id, deliveryId((request.params as { id: string }).id));
      if (!d) throw new ApiError(404, 'not_found', 'There is no such delivery.');
      const after = await ctx.events.lastSeq(caller.account.id);
      return dashboardPage(reply, {
        title: `Delivery #${d.id}`,
        section: 'deliveries',
        caller,
        body: html`<link rel="stylesheet" href="${assetUrl('ddex.css')}"><script src="${assetUrl('ddex.js')}" defer></script>
<p class="meta"><a href="${BASE}">All deliveries</a></p>
<p class="live-state hint" data-live="${BASE}/events?after=${after}" data-reload-on="${d.id}" role="status" aria-live="polite"></p>
<dl class="facts" id="delivery-${d.id}" data-delivery="${d.id}">
<div><dt>Status</dt><dd>${statusBadge(d.status)}</dd></div>
<div><dt>Batch</dt><dd>${d.batch_name}</dd></div>
<div><dt>Message</dt><dd>${d.message_id || '—'}${d.ern_version ? html` <span class="muted">ERN ${d.ern_version}</span>` : ''}</dd></div>
<div><dt>Releases</dt><dd>${d.release_count} (${d.created_count} created, ${d.updated_count} updated, ${d.flagged_count} flagged, ${d.left_out_count} left out)</dd></div>
<div><dt>Tracks</dt><dd>${d.track_count}</dd></div>
<div><dt>Received</dt><dd>${when(d.created_at)}</dd></div>
<div><dt>Finished</dt><dd>${when(d.finished_at)}</dd></div>
</dl>
${d.error ? html`<p class="alert delivery-error"><strong>Why:</strong> ${d.error}</p>` : ''}
<h2>Items</h2>
${
  d.items.length === 0
    ? html`<p class="empty">${!['done', 'partial', 'failed'].includes(d.status) ? 'Not processed yet: its releases show here once it is.' : 'No release was read from this delivery.'}</p>`
    : html`<ul class="items">${d.items.map(
        (item) => html`<li class="item item-${item.outcome}"><h3>${item.title ?? item.ref}${item.upc ? html` <span class="muted">UPC ${item.upc}</span>` : ''} <span class="outcome">${item.outcome.replace('_', ' ')}</span></h3>${
          item.changes ? html`<p class="hint">${item.changes.summary}</p>` : ''
        }${
          (item.errors as ItemError[]).length
            ? html`<ul class="checks">${(item.errors as ItemError[]).map(
                (e) => html`<li class="check check-error"><div class="check-line"><span class="where">${e.line !== null ? `${e.line}:${e.column ?? 0}` : ''}</span><span class="status status-error">error</span><span class="message">${e.message}</span><code class="rule">${e.rule}</code></div>${e.field ? html`<div class="sub"><span class="key">at</span> <code>${e.field}</code></div>` : ''}</li>`,
              )}</ul>`
            : html`<p class="hint">No error.</p>`
        }</li>`,
      )}</ul>`
}`,
      });
    },
  },
];

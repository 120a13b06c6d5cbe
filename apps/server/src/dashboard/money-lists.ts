/**
 * The Money section's lists: members (with their number of releases), releases (by status, a page
 * at a time, with their stores) and smartlinks (views, clicks and pre-saves, all time and 30 days).
 * Each reads through the service its API route uses (members/list-members.ts,
 * releases/list-releases.ts, links/list-links.ts).
 */
import type { FastifyRequest } from 'fastify';
import { dashboardPage, html, when } from './layout.js';
import { signedIn, type DashboardPage } from './page.js';
import { originOf } from '../http/base-url.js';
import { listMembers } from '../members/list-members.js';
import { listReleases, releaseCounts } from '../releases/list-releases.js';
import { listLinks } from '../links/list-links.js';
import { count, MONEY, moneyTabs } from './money-views.js';

const words = (s: string) => s.replace(/_/g, ' ');
const num = (n: number) => n.toLocaleString('en-US');
const PAGE = 50;

const RELEASE_STATUS_CLASS: Record<string, string> = { approved: 'badge-ok', in_review: 'badge-wait', changes_requested: 'badge-bad', archived: '' };

function beforeOf(request: FastifyRequest): number | undefined {
  const before = (request.query as { before?: string }).before;
  return before && /^\d{1,15}$/.test(before) ? Number(before) : undefined;
}

export const MONEY_LIST_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: `${MONEY}/members`,
    auth: { via: ['session'], scope: 'members:read' },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const members = await listMembers(ctx.db, caller.account.id);
      const artists = members.filter((m) => m.kind === 'artist').length;
      return dashboardPage(reply, {
        title: 'Money',
        section: 'money',
        caller,
        body: html`${moneyTabs('members')}
<h2>Members</h2>
<p class="lead">${count(members.length, 'member')}: ${count(artists, 'artist')} and ${count(members.length - artists, 'label')}, newest first. Your own catalog is a member too.</p>
${members.length
  ? html`<div class="table-wrap"><table>
<caption class="visually-hidden">Members, newest first</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Email</th><th scope="col">Status</th><th scope="col" class="num">Releases</th><th scope="col">Since</th><th scope="col">Last sign-in</th></tr></thead>
<tbody>${members.map(
      (m) => html`<tr><th scope="row">${m.name}</th><td>${m.kind}</td><td>${m.email}</td><td><span class="badge ${m.status === 'active' ? 'badge-ok' : 'badge-wait'}">${m.status}</span></td><td class="num">${m.releases > 0 ? html`<a href="${MONEY}/releases?member=${m.id}" aria-label="${count(m.releases, 'release')} of ${m.name}">${num(m.releases)}</a>` : '0'}</td><td>${when(m.created_at)}</td><td>${when(m.last_login_at, 'never')}</td></tr>`,
    )}</tbody></table></div>`
  : html`<p class="empty">No member yet.</p>`}`,
      });
    },
  },
  {
    method: 'GET',
    path: `${MONEY}/releases`,
    auth: { via: ['session'], scope: 'catalog:read' },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const q = request.query as { member?: string };
      const memberId = q.member && /^\d{1,15}$/.test(q.member) ? Number(q.member) : undefined;
      const [page, counts, members] = await Promise.all([
        listReleases(ctx.db, caller.account.id, { memberId, before: beforeOf(request), limit: PAGE }),
        releaseCounts(ctx.db, caller.account.id),
        listMembers(ctx.db, caller.account.id),
      ]);
      const nameOf = new Map(members.map((m) => [m.id, m.name]));
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const member = memberId === undefined ? null : members.find((m) => m.id === memberId);
      const byStatus = Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([status, n]) => `${num(n)} ${words(status)}`).join(', ');
      const older = page.has_more ? new URLSearchParams({ ...(memberId ? { member: String(memberId) } : {}), before: String(page.rows[page.rows.length - 1].id) }) : null;
      return dashboardPage(reply, {
        title: 'Money',
        section: 'money',
        caller,
        body: html`${moneyTabs('releases')}
<h2>Releases${member ? html` of ${member.name}` : ''}</h2>
<p class="lead">${count(total, 'release')}${total ? `: ${byStatus}` : ''}.${member ? html` Showing ${member.name}'s only: <a href="${MONEY}/releases">show all</a>.` : ''}</p>
${page.rows.length
  ? html`<div class="table-wrap"><table>
<caption class="visually-hidden">Releases, newest first</caption>
<thead><tr><th scope="col">Title</th><th scope="col">UPC</th><th scope="col">Member</th><th scope="col">Status</th><th scope="col">Stores</th><th scope="col">Updated</th></tr></thead>
<tbody>${page.rows.map((r) => {
      const stores = page.stores.get(r.id) ?? [];
      const live = stores.filter((s) => s.status === 'live').length;
      return html`<tr><th scope="row">${r.title}</th><td><code>${r.upc}</code></td><td>${nameOf.get(r.member_id) ?? '—'}</td><td><span class="badge ${RELEASE_STATUS_CLASS[r.release_status] ?? ''}">${words(r.release_status)}</span><br><span class="muted">${words(r.delivery_state)}</span></td><td>${stores.length ? html`live in ${live} of ${count(stores.length, 'store')}<br><span class="muted">${stores.map((s) => `${s.store}: ${words(s.status)}`).join(', ')}</span>` : '—'}</td><td>${when(r.updated_at)}</td></tr>`;
    })}</tbody></table></div>
${older ? html`<p><a href="${MONEY}/releases?${older.toString()}">Older releases</a></p>` : ''}`
  : html`<p class="empty">No release${member ? ' of this member' : ''} yet: releases appear here once a delivery imports them.</p>`}`,
      });
    },
  },
  {
    method: 'GET',
    path: `${MONEY}/links`,
    auth: { via: ['session'], scope: 'links:read' },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const links = await listLinks(ctx.db, caller.account.id, originOf(request));
      const views = links.reduce((s, l) => s + l.views, 0);
      const clicks = links.reduce((s, l) => s + l.clicks, 0);
      return dashboardPage(reply, {
        title: 'Money',
        section: 'money',
        caller,
        body: html`${moneyTabs('links')}
<h2>Smartlinks</h2>
<p class="lead">${count(links.length, 'link')} with ${count(views, 'view')} and ${count(clicks, 'click')} to a store in all. The last 30 days include today.</p>
${links.length
  ? html`<div class="table-wrap"><table>
<caption class="visually-hidden">Smartlinks and pre-saves, newest first</caption>
<thead><tr><th scope="col">Link</th><th scope="col">Kind</th><th scope="col" class="num">Views</th><th scope="col" class="num">Clicks</th><th scope="col" class="num">Pre-saves</th><th scope="col" class="num">Views, 30 days</th><th scope="col" class="num">Clicks, 30 days</th></tr></thead>
<tbody>${links.map(
      (l) => html`<tr><th scope="row"><a href="${l.url}">${l.title}</a><br><span class="muted">${l.artist}${l.active ? '' : ' · inactive'}</span></th><td>${l.kind === 'presave' ? 'pre-save' : 'smartlink'}</td><td class="num">${num(l.views)}</td><td class="num">${num(l.clicks)}</td><td class="num">${num(l.presaves)}</td><td class="num">${num(l.views_30d)}</td><td class="num">${num(l.clicks_30d)}</td></tr>`,
    )}</tbody></table></div>`
  : html`<p class="empty">No smartlink yet.</p>`}`,
      });
    },
  },
];

/**
 * The public page of a smartlink or pre-save, `/l/{slug}` (no key): the release and its cover, a link per store
 * where it is live through `/l/{slug}/go/{store}` (a redirect that counts the click), and before the release date a
 * pre-save button (`POST /l/{slug}/presave`). Views, clicks and pre-saves are counted per day and
 * nothing else: no cookie is set, no address, agent or referrer is stored.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../http/route-spec.js';
import { escapeHtml, htmlPage as page, type PageRoute } from '../http/page-route.js';
import { nowIso } from '../clock.js';
import fs from 'node:fs';
import { count } from './counts.js';
import { imageKind } from './artwork.js';
import './tables.js';
import '../releases/tables.js';

const find = (ctx: AppContext, slug: string) => ctx.db.selectFrom('links').selectAll().where('slug', '=', slug).where('active', '=', 1).executeTakeFirst();
const notFound = (reply: FastifyReply) => page(reply, 404, 'Link not found', '<h1>Link not found</h1><p>This link does not exist or is no longer active.</p>');

const linkPage: PageRoute = {
  method: 'GET',
  path: '/l/:slug',
  async handler(ctx, request, reply) {
    const link = await find(ctx, (request.params as { slug: string }).slug);
    if (!link) return notFound(reply);
    await count(ctx.db, link.id, 'views');
    // A link per store where the release is live (store statuses recorded by staff).
    const targets = await ctx.db
      .selectFrom('link_targets')
      .innerJoin('release_stores', (join) => join.onRef('release_stores.store', '=', 'link_targets.store').on('release_stores.release_id', '=', link.release_id))
      .select(['link_targets.store', 'link_targets.url'])
      .where('link_targets.link_id', '=', link.id)
      .where('release_stores.status', '=', 'live')
      .orderBy('link_targets.store')
      .execute();
    const before = link.release_date !== null && link.release_date > nowIso().slice(0, 10);
    const stores = targets.map((t) => `<li><a href="/l/${encodeURIComponent(link.slug)}/go/${encodeURIComponent(t.store)}" rel="noopener">${escapeHtml(t.store)}</a></li>`).join('');
    const presave = before ? `<form method="post" action="/l/${encodeURIComponent(link.slug)}/presave"><button type="submit">Pre-save (out ${escapeHtml(link.release_date!)})</button></form>` : '';
    const cover = link.artwork_key ? `<img src="/l/${encodeURIComponent(link.slug)}/artwork" alt="Cover of ${escapeHtml(link.title)}" width="300" height="300">` : '';
    return page(reply, 200, `${link.title} — ${link.artist}`, `${cover}<h1>${escapeHtml(link.title)}</h1><p>${escapeHtml(link.artist)}</p>${presave}<ul>${stores}</ul>`);
  },
};

const artworkPage: PageRoute = {
  method: 'GET',
  path: '/l/:slug/artwork',
  async handler(ctx, request, reply) {
    const link = await find(ctx, (request.params as { slug: string }).slug);
    if (!link?.artwork_key) return notFound(reply);
    const copy = await ctx.blobs.openLocal(link.artwork_key).catch(() => null);
    if (!copy) return notFound(reply);
    try {
      const bytes = await fs.promises.readFile(copy.path);
      return reply.code(200).header('content-type', imageKind(bytes) === 'png' ? 'image/png' : 'image/jpeg').header('cache-control', 'public, max-age=3600').send(bytes);
    } finally {
      await copy.release();
    }
  },
};

const goToStorePage: PageRoute = {
  method: 'GET',
  path: '/l/:slug/go/:store',
  async handler(ctx, request, reply) {
    const { slug, store } = request.params as { slug: string; store: string };
    const link = await find(ctx, slug);
    if (!link) return notFound(reply);
    const target = await ctx.db.selectFrom('link_targets').select('url').where('link_id', '=', link.id).where('store', '=', store).executeTakeFirst();
    if (!target) return notFound(reply);
    await count(ctx.db, link.id, 'clicks');
    return reply.code(302).header('location', target.url).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
  },
};

const presavePage: PageRoute = {
  method: 'POST',
  path: '/l/:slug/presave',
  async handler(ctx, request, reply) {
    const link = await find(ctx, (request.params as { slug: string }).slug);
    if (!link) return notFound(reply);
    if (!(link.release_date !== null && link.release_date > nowIso().slice(0, 10))) return page(reply, 409, 'Already out', '<p>This release is out: pre-saves have closed.</p>');
    await count(ctx.db, link.id, 'presaves');
    return page(reply, 200, 'Pre-saved', `<p>${escapeHtml(link.title)} is pre-saved.</p>`);
  },
};

export const LINK_PAGES: PageRoute[] = [linkPage, artworkPage, goToStorePage, presavePage];

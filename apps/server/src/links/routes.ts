/** GET /links (links:read): smartlinks and pre-saves with all-time and 30-day counts (spec 2.6). */
import type { RouteSpec } from '../http/route-spec.js';
import { originOf } from '../http/base-url.js';
import { listLinks } from './list-links.js';

export const listLinksRoute: RouteSpec = {
  method: 'GET',
  path: '/links',
  operationId: 'listLinks',
  summary: 'Smartlinks and pre-saves with their counts',
  description: '`kind`: smartlink or presave. `views`, `clicks`, `presaves` all time; `views_30d`, `clicks_30d` over the last 30 days (today included). `url` is the public page. Newest first.',
  scope: 'links:read',
  success: { status: 200, schema: 'links-response.schema.json', description: 'Links' },
  errors: [],
  async handler(ctx, caller, request) {
    return { data: await listLinks(ctx.db, caller.account.id, originOf(request)) };
  },
};

export const LINK_ROUTES: RouteSpec[] = [listLinksRoute];

/** The public pages of smartlinks and pre-saves. */
export { LINK_PAGES } from './public-page.js';

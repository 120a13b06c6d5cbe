/** Registers every capability's pages (http/page-route.ts), public, on the server's own paths. */
import type { FastifyInstance } from 'fastify';
import type { PageRoute } from './page-route.js';
import type { AppContext } from './route-spec.js';

export function registerPages(app: FastifyInstance, ctx: AppContext, pages: PageRoute[]): void {
  for (const page of pages) {
    app.route({ method: page.method, url: page.path, config: { auth: 'public' }, handler: (request, reply) => page.handler(ctx, request, reply) });
  }
}

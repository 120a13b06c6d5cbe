/**
 * `GET /livez` and `GET /readyz` on the API's port, outside the base paths (/v1, /api/v1): they are
 * for load balancers and orchestrators, not partners, take no key, and answer `{status, checks}`
 * (200 ready, 503 not). A process without the api role serves the same two on the ops listener
 * (`METRICS_ADDR`). They are not in the OpenAPI document, which describes the partner API under
 * its base paths only.
 */
import type { FastifyInstance } from 'fastify';
import { readiness, type ReadinessSources } from './readiness.js';

export const LIVE_PATH = '/livez';
export const READY_PATH = '/readyz';

export function registerHealthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  app.get(LIVE_PATH, { config: { auth: 'public' } }, async () => ({ status: 'live' }));
  app.get(READY_PATH, { config: { auth: 'public' } }, async (_request, reply) => {
    const r = await readiness(sources);
    reply.header('cache-control', 'no-store');
    return reply.code(r.ready ? 200 : 503).send({ status: r.ready ? 'ready' : 'not ready', checks: r.checks });
  });
}

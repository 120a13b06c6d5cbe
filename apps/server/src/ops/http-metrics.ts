/**
 * Every HTTP answer timed into `ddex_http_request_duration_seconds` by its route pattern (Fastify's
 * `routeOptions.url`, `/v1/ddex/:id`), so ids, tokens and signatures in URLs never become labels
 * and the label set stays bounded; a URL that matched no route counts as `unmatched`.
 */
import type { FastifyInstance } from 'fastify';
import { httpRequestSeconds } from './metrics.js';

export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestSeconds.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

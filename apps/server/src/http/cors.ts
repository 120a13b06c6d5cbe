/**
 * CORS: preflights from any origin are answered; credentials (cookies) are never allowed. Keys
 * belong on servers, but a browser tool may still read public answers such as the OpenAPI document,
 * and a web page may PUT a direct upload's parts to their signed URLs (which need no key).
 */
import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const EXPOSED = 'Retry-After, Deprecation, Sunset, Link, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Expose-Headers', EXPOSED);
      reply.header('Vary', 'Origin');
    }
  });
  app.options('*', { config: { auth: 'public' } }, async (request, reply) => {
    const requested = request.headers['access-control-request-headers'];
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
      .header('Access-Control-Allow-Headers', typeof requested === 'string' && requested ? requested : 'Authorization, Content-Type')
      .header('Access-Control-Max-Age', '600')
      .code(204)
      .send();
  });
}

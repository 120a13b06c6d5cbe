/**
 * One id per request, on every log line of that request (pino's `reqId`) and in the `X-Request-Id`
 * header of every answer, errors included, so a partner who quotes the header lets an operator
 * find the request's lines. A caller (or a proxy in front) may send its own `X-Request-Id`; it is
 * taken only when it is a plain token (letters, digits, `.`, `_`, `-`, `:`, 8 to 128 of them): anything
 * else could forge or break log lines, and is replaced by a fresh UUID.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the caller's id when well-formed, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}

/** Every answer carries its request's id (set first, so error answers and 404s have it too). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}

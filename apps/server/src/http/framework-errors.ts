/**
 * Failures that happen before a route runs, in Fastify's router (a path that is not valid
 * percent-encoding, a path segment over the router's length) or in Node's HTTP parser (headers or
 * request line over 16 KB, a malformed request): they get the API's error body `{error, code}` too,
 * never a framework code and never the request echoed, and the legacy headers on /api/v1 (or, on
 * the platform's hosts after the sunset, the legacy base's 410).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CURRENT_PREFIX, DEPRECATION, isLegacyUrl, LEGACY_PREFIX, SUNSET } from './base-url.js';
import { addLegacyHeaders, baseRetired } from './legacy-base.js';
import { legacyBaseOpen } from './legacy-sunset.js';
import { resolvePortal, type PortalLookup } from './portal.js';

/**
 * Fastify's `frameworkErrors` (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH, FST_ERR_ASYNC_CONSTRAINT):
 * they come before the onRequest hooks, so the request's portal is looked up here.
 */
export function frameworkErrorsWith(lookup: PortalLookup) {
  return (error: { code?: string }, request: FastifyRequest, reply: FastifyReply): void => {
    resolvePortal(request, lookup).then(
      (portal) => {
        request.portal = portal;
        if (isLegacyUrl(request.url) && !portal && !legacyBaseOpen()) {
          const gone = baseRetired(request);
          void reply.code(gone.statusCode).headers(gone.headers).send(gone.body());
          return;
        }
        frameworkErrors(error, request, reply);
      },
      (lookupError: unknown) => {
        request.log.error({ err: lookupError }, 'portal lookup failed');
        void reply.code(500).send({ error: 'Server-side problem; retry with a growing delay.', code: 'server_error' });
      },
    );
  };
}

function frameworkErrors(error: { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  addLegacyHeaders(request, reply);
  reply.header('X-Request-Id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(400).send({ error: 'id must be a decimal integer without sign, spaces or leading zeros.', code: 'invalid', field: 'id' });
    return;
  }
  void reply.code(400).send({ error: 'The path is not a valid URL (a percent sign must start a valid UTF-8 escape such as %20).', code: 'invalid', field: 'path' });
}

// The host is not known here: the Link is relative.
const LEGACY_HEADERS = { deprecation: DEPRECATION, sunset: SUNSET, link: `<${CURRENT_PREFIX}/openapi.json>; rel="deprecation"; type="application/json"` };
const LEGACY_REQUEST_LINE = new RegExp(`^[A-Z]+ ${LEGACY_PREFIX.replace(/\//g, '\\/')}(?:[/?\\s]|$)`);

/** Node's `clientError`: answers on the raw socket, then closes it (the request could not be read). */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: Record<string, string> = { error: 'The request could not be read as HTTP/1.1.', code: 'invalid', field: 'request' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { error: 'The request line and headers are over 16 KB; send a shorter query and fewer or smaller headers.', code: 'headers_too_large' };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { error: 'The request did not arrive in time.', code: 'request_timeout' };
  }
  const json = JSON.stringify(body);
  const headers = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(json)}`, 'Connection: close'];
  // Only the request line is looked at (never echoed): /api/v1 answers carry the legacy headers
  // until the sunset. The host is not known here, so a portal's domain gets them too.
  const firstLine = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 200).toString('latin1') : '';
  if (legacyBaseOpen() && LEGACY_REQUEST_LINE.test(firstLine)) headers.push('Deprecation: ' + LEGACY_HEADERS.deprecation, 'Sunset: ' + LEGACY_HEADERS.sunset, 'Link: ' + LEGACY_HEADERS.link);
  // End gracefully so the client reads the answer even while it is still sending (a reset could
  // drop the answer); whatever it sends after is not read, and the socket goes after a second.
  if (socket.writable) socket.end(headers.join('\r\n') + '\r\n\r\n' + json);
  setTimeout(() => socket.destroy(), 1000).unref();
}

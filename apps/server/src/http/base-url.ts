/**
 * The two base paths (spec section 9): `/v1` is current; `/api/v1` answers the same until its
 * sunset, with Deprecation, Sunset and Link headers on every answer. URLs inside answers follow
 * the host and the prefix that were called.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CURRENT_PREFIX = '/v1';
export const LEGACY_PREFIX = '/api/v1';
export const SUNSET = 'Fri, 30 Apr 2027 00:00:00 GMT';
/**
 * RFC 9745 Deprecation date (structured field `@<epoch seconds>`). The spec gives the sunset but
 * not the deprecation date; we use 2026-10-12, the day the sandbox was retired and /v1 became the
 * only documented base.
 */
export const DEPRECATION = `@${Date.UTC(2026, 9, 12) / 1000}`;

export function isLegacyUrl(url: string): boolean {
  return url === LEGACY_PREFIX || url.startsWith(LEGACY_PREFIX + '/') || url.startsWith(LEGACY_PREFIX + '?');
}

export function prefixOf(request: FastifyRequest): string {
  return isLegacyUrl(request.url) ? LEGACY_PREFIX : CURRENT_PREFIX;
}

export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Absolute URL on the host and base the request came through. */
export function urlFor(request: FastifyRequest, pathAfterPrefix: string): string {
  return `${originOf(request)}${prefixOf(request)}${pathAfterPrefix}`;
}

/**
 * Deprecation, Sunset and Link on every legacy answer. The successor-version link names the same
 * route under /v1, and only when the request matched a route: a path that exists nowhere (or the
 * bare base) has no successor, so none is claimed. It carries the path only: a query may hold a
 * credential (a part URL's signature) that has no place in a header.
 */
export function addLegacyHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!isLegacyUrl(request.url)) return;
  const origin = originOf(request);
  const route = request.routeOptions.url;
  const links = [`<${origin}${CURRENT_PREFIX}/openapi.json>; rel="deprecation"; type="application/json"`];
  if (route !== undefined && route.startsWith(LEGACY_PREFIX + '/')) {
    links.push(`<${origin}${CURRENT_PREFIX}${request.url.slice(LEGACY_PREFIX.length).split(/[?#]/)[0]}>; rel="successor-version"`);
  }
  reply.header('Deprecation', DEPRECATION);
  reply.header('Sunset', SUNSET);
  reply.header('Link', links.join(', '));
}

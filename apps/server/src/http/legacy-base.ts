/**
 * What `/api/v1` answers (spec 9.2). On a white-label portal's domain it is that portal's current
 * base: no Deprecation, Sunset or Link headers, and it keeps answering after the sunset. On the
 * platform's hosts it answers as /v1 with Deprecation, Sunset and Link on every answer until the
 * sunset (`legacy-sunset.ts`), then every request under it answers 410 `base_retired` naming /v1,
 * whatever the path, the method or the key, except CORS preflights, still answered so that a
 * browser can read the 410 of the request that follows.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { CURRENT_PREFIX, DEPRECATION, isLegacyUrl, LEGACY_PREFIX, originOf } from './base-url.js';
import { LEGACY_LAST_DAY, legacyBaseOpen, SUNSET } from './legacy-sunset.js';

/**
 * The Link header: rel="deprecation" (the OpenAPI document), and rel="successor-version" (the same
 * route under /v1) only when the request matched a route: a path that exists nowhere (or the bare
 * base) has no successor, so none is claimed. It carries the path only: a query may hold a
 * credential (a part URL's signature) that has no place in a header.
 */
function legacyLinks(request: FastifyRequest): string {
  const origin = originOf(request);
  const route = request.routeOptions.url;
  const links = [`<${origin}${CURRENT_PREFIX}/openapi.json>; rel="deprecation"; type="application/json"`];
  if (route !== undefined && route.startsWith(LEGACY_PREFIX + '/')) {
    links.push(`<${origin}${CURRENT_PREFIX}${request.url.slice(LEGACY_PREFIX.length).split(/[?#]/)[0]}>; rel="successor-version"`);
  }
  return links.join(', ');
}

/** Deprecation, Sunset and Link on a legacy answer of the platform's hosts while the base is open. */
export function addLegacyHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!isLegacyUrl(request.url) || request.portal || !legacyBaseOpen()) return;
  reply.header('Deprecation', DEPRECATION);
  reply.header('Sunset', SUNSET);
  reply.header('Link', legacyLinks(request));
}

/** The answer of the platform's legacy base after its sunset. */
export function baseRetired(request: FastifyRequest): ApiError {
  return new ApiError(
    410,
    'base_retired',
    `The ${LEGACY_PREFIX} base was retired at the end of ${LEGACY_LAST_DAY} (UTC); call the same path under ${CURRENT_PREFIX}.`,
    {},
    { link: legacyLinks(request) },
  );
}

/** onRequest hook (after the portal is resolved and CORS headers are set): headers, or the 410. */
export async function legacyBaseHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isLegacyUrl(request.url) || request.portal) return;
  if (legacyBaseOpen()) return addLegacyHeaders(request, reply);
  if (request.method === 'OPTIONS') return;
  throw baseRetired(request);
}

/**
 * The two base paths (spec section 9): `/v1` is current; `/api/v1` answers the same until its
 * sunset on the platform's hosts (`legacy-base.ts`) and for good on a white-label portal's domain.
 * URLs inside answers follow the host and the prefix that were called.
 */
import type { FastifyRequest } from 'fastify';

export { SUNSET } from './legacy-sunset.js';
export const CURRENT_PREFIX = '/v1';
export const LEGACY_PREFIX = '/api/v1';
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

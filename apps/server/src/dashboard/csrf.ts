/**
 * CSRF protection of the dashboard, in one hook run before the handler of every dashboard route
 * whose method is not GET: the request must come from the dashboard's own origin (when the browser
 * says where from, as it does on every POST), and a signed-in route must send its session's
 * synchronizer token back, in the `_csrf` field of a form or the `x-csrf-token` header of a fetch
 * call. The token is random per session (users/sessions.ts), so a page of another site can neither
 * read nor guess it.
 */
import crypto from 'node:crypto';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { RouteAuth } from '../auth/caller.js';
import { sessionOf } from '../auth/caller.js';
import { ApiError } from '../http/api-error.js';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  return origin === `${request.protocol}://${request.host}`;
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** The token a request sent: the header, else the form's field (or a JSON body's). */
export function sentToken(request: FastifyRequest): string {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header) return header;
  const body = request.body;
  if (body instanceof URLSearchParams) return body.get(CSRF_FIELD) ?? '';
  if (body && typeof body === 'object' && typeof (body as Record<string, unknown>)[CSRF_FIELD] === 'string') return (body as Record<string, string>)[CSRF_FIELD];
  return '';
}

const refused = (why: string) => new ApiError(403, 'csrf_refused', `${why} Reload the page and try again.`);

export function csrfHook(auth: RouteAuth): preHandlerHookHandler {
  return async function checkCsrf(request) {
    if (!sameOrigin(request)) throw refused('This request came from another site.');
    // Public routes (sign-in, an invitation's link) have no session yet; sign-in checks its own token.
    if (auth === 'public') return;
    const expected = sessionOf(request.caller!).csrfToken;
    if (!tokensEqual(sentToken(request), expected)) throw refused('This form or call did not carry its security token.');
  };
}

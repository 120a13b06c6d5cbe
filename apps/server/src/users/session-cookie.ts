/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (a link from an email to the
 * dashboard arrives signed in, as people expect; no cross-site form post or fetch carries it, and
 * every state change needs the CSRF token anyway), Secure except when the request's host is a
 * loopback address (a browser refuses Secure cookies over plain http, and an operator trying the
 * server on their own machine has no TLS). Path `/` so that a page outside /dashboard (the MCP
 * OAuth consent) can take the session; /v1 and /api/v1 never ask the session authenticator.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse, serialize } from 'cookie';
import { ABSOLUTE_MS } from './sessions.js';

export const SESSION_COOKIE = 'ddex_session';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The request's host without its port is a loopback address: the cookie is sent over plain http there. */
export function isLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.hostname.replace(/:\d+$/, ''));
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  return parse(header)[name];
}

/** Sets (value) or clears (null) a cookie with the dashboard's settings. */
export function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string | null, o: { maxAgeMs?: number; path?: string; sameSite?: 'lax' | 'strict' } = {}): void {
  const cookie = serialize(name, value ?? '', {
    httpOnly: true,
    secure: !isLoopback(request),
    sameSite: o.sameSite ?? 'lax',
    path: o.path ?? '/',
    maxAge: value === null ? 0 : Math.floor((o.maxAgeMs ?? ABSOLUTE_MS) / 1000),
  });
  const previous = reply.getHeader('set-cookie');
  reply.header('set-cookie', [...(Array.isArray(previous) ? previous : previous ? [String(previous)] : []), cookie]);
}

/**
 * What a dashboard page declares (`DashboardPage`) and what its handler reads: the Caller of its
 * session (`signedIn`) and the fields of a submitted form (`formOf`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, RouteAuth } from '../auth/caller.js';
import type { AppContext } from '../http/route-spec.js';

export interface DashboardPage {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The whole path, under `/dashboard` (`/dashboard/settings/api`). */
  path: string;
  /**
   * Signed-in pages: `{ via: ['session'], scope: … }` (the scope a key would need for the same
   * thing). 'public' only for the pages before sign-in. Every method but GET also needs the CSRF
   * token (checked before the handler runs, dashboard/csrf.ts).
   */
  auth: RouteAuth;
  handler(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** The Caller of a signed-in page (its route declared `via: ['session']`, so there is one). */
export function signedIn(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.method} ${request.url} has no caller: declare config.auth { via: ['session'], … }`);
  return request.caller;
}

/**
 * A submitted form's fields (application/x-www-form-urlencoded, parsed by the dashboard before
 * the handler runs): `get` a field ('' when missing), `getAll` a repeated one (checkboxes).
 */
export function formOf(request: FastifyRequest): { get(name: string): string; getAll(name: string): string[] } {
  const body = request.body;
  const params = body instanceof URLSearchParams ? body : new URLSearchParams();
  return { get: (name) => params.get(name) ?? '', getAll: (name) => params.getAll(name) };
}

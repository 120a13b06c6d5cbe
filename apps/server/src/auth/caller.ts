/**
 * Who is calling: the Caller a request becomes once authenticated, the authenticators that make
 * one from a credential (an API key, an MCP OAuth token (`mcp/token-authenticator.ts`); a dashboard session later), and
 * what a route declares about its callers. The plugin in `caller-plugin.ts` puts them together, so
 * a new kind of credential is a new authenticator and touches no route.
 */
import type { FastifyRequest } from 'fastify';
import type { RateState } from '../http/rate-limit.js';
import type { Scope } from './api-keys.js';
import type { PlanInfo } from './plans.js';

/** The kinds of credential: API keys (the public API), dashboard sessions, MCP OAuth access tokens. */
export type CredentialKind = 'key' | 'session' | 'token';

/** An API key, as GET /me shows it. */
export interface KeyCredential {
  kind: 'key';
  id: number;
  name: string;
  prefix: string;
  expires_at: string | null;
  created_at: string;
}

/** A dashboard session (users/session-authenticator.ts): who signed in, and the session's CSRF token. */
export interface SessionCredential {
  kind: 'session';
  id: number;
  user: { id: number; email: string };
  /** The synchronizer token every form and state-changing call of this session sends back (dashboard/csrf.ts). */
  csrfToken: string;
}

/** An MCP OAuth access token (mcp/token-authenticator.ts): `id` is its grant's, the authorized assistant's. */
export interface TokenCredential {
  kind: 'token';
  id: number;
}

export type Credential = KeyCredential | SessionCredential | TokenCredential;

export interface Caller {
  account: { id: number; name: string; email: string };
  /** What the credential may do (spec 5.5); `hasScope` applies the implied ones. */
  scopes: string[];
  /** The kind of credential that authenticated the request (the same as `credential.kind`). */
  via: CredentialKind;
  credential: Credential;
  /** The account's plan. */
  plan: PlanInfo;
  /**
   * This request counted against the credential's per-minute rate, when the credential has one:
   * the plugin answers 429 rate_limited past it and sends the X-RateLimit-* headers.
   */
  rate: RateState | null;
  /**
   * Names the credential for limits kept per credential (dry runs in flight): `key:12`. Two
   * credentials never share one, whatever their kinds.
   */
  limitKey: string;
}

/**
 * Turns a request into a Caller from one kind of credential. `authenticate` answers null when the
 * request carries no credential of this kind, and throws an ApiError when it carries one that is
 * refused (unknown, revoked, expired; account inactive; plan without access). Authenticators that
 * read the same header (keys and OAuth tokens are both Bearer) must each recognise their own
 * credentials by shape; a route's `via` order is the order they are asked.
 */
export interface Authenticator {
  kind: CredentialKind;
  /** How the caller names this credential in an error text: "This key lacks …". */
  noun: string;
  /** The 401 unauthenticated text when a route takes only this kind and the request has none. */
  missing: string;
  /** Headers of the 401 when a route takes only this kind and the request has none (RFC 6750 3: `WWW-Authenticate`). */
  challenge?(request: FastifyRequest): Record<string, string>;
  authenticate(request: FastifyRequest): Promise<Caller | null>;
}

/**
 * What a route declares about its callers, in its Fastify `config.auth`: 'public' (no credential
 * looked at, no Caller), or the kinds of credential it takes, in the order they are tried, and the
 * scope it needs (null: any authenticated caller).
 */
export type RouteAuth = 'public' | { via: readonly CredentialKind[]; scope: Scope | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The authenticated caller; null on public routes (and before authentication). */
    caller: Caller | null;
  }
}

/**
 * The key behind a Caller, for routes that answer about the key itself (GET /me, GET /ping).
 * Those routes take keys only; another kind here is a declaration mistake, hence a plain Error.
 */
export function keyOf(caller: Caller): KeyCredential {
  if (caller.credential.kind !== 'key') throw new Error(`a key-only route was called with a ${caller.credential.kind}`);
  return caller.credential;
}

/** The session behind a Caller, for dashboard routes (they take sessions only; another kind here is a declaration mistake). */
export function sessionOf(caller: Caller): SessionCredential {
  if (caller.credential.kind !== 'session') throw new Error(`a session-only route was called with a ${caller.credential.kind}`);
  return caller.credential;
}

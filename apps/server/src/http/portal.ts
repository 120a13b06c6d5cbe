/**
 * White-label portals as the HTTP layer sees them: the host a request came to and the account whose
 * portal domain it is (spec 9.2, issue 50). `request.portal` is resolved once, in an onRequest hook
 * that runs before every other one and before authentication, so the legacy base, the key
 * authenticator and (later) the dashboard all read the same answer: a Portal on a portal domain,
 * null on the platform's own hosts. The lookup itself is the account capability's
 * (`account/portal-domains.ts`), given by the composition root.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface Portal {
  /** The domain as stored: lower-case ASCII (IDNA), no port, no trailing dot. */
  domain: string;
  /** The account the portal belongs to: only its keys are accepted there. */
  account: { id: number; name: string };
}

/** The portal whose domain is `domain` (already normalised), or null. */
export type PortalLookup = (domain: string) => Promise<Portal | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The white-label portal the request came through; null on the platform's own hosts. */
    portal: Portal | null;
  }
}

/** A host name as portal domains are stored: lower-case, without the trailing dot of a fully qualified name. */
export function normalizeHostName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * The host name the request came to, without its port: the Host header, or the last
 * X-Forwarded-Host only with TRUST_PROXY (Fastify's `trustProxy` decides, as for URLs in answers).
 */
export function requestHostName(request: FastifyRequest): string {
  return normalizeHostName(request.hostname);
}

const resolved = new WeakMap<FastifyRequest, Promise<Portal | null>>();

/**
 * The portal of a request, looked up once per request. The hook calls it first; a handler that runs
 * before the hooks (Fastify's frameworkErrors for a malformed URL) may call it too.
 */
export function resolvePortal(request: FastifyRequest, lookup: PortalLookup): Promise<Portal | null> {
  let found = resolved.get(request);
  if (!found) {
    const host = requestHostName(request);
    found = host ? lookup(host) : Promise.resolve(null);
    resolved.set(request, found);
  }
  return found;
}

/**
 * The portal a request came through, for code that runs after the hooks: the API, and the dashboard
 * (to show the account's name in place of the platform's and to accept only that account's users).
 */
export function portalOf(request: FastifyRequest): Portal | null {
  return request.portal;
}

/** Decorates requests with `portal` and resolves it first thing: register before any other onRequest hook. */
export function registerPortals(app: FastifyInstance, lookup: PortalLookup): void {
  app.decorateRequest('portal', null);
  app.addHook('onRequest', async (request) => {
    request.portal = await resolvePortal(request, lookup);
  });
}

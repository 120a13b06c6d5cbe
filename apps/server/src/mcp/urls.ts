/**
 * Where the MCP server and its authorization server live (spec 5.10, 9.3): {mcp_url} is `/v1/mcp`
 * of this server, {legacy_mcp_url} `/api/v1/mcp`, moving on the API's schedule. The issuer of the
 * authorization server is {mcp_url}; its endpoints are under it. URLs follow the origin the request
 * came through, as the API's own links do (`http/base-url.ts`).
 */
import type { FastifyRequest } from 'fastify';
import { CURRENT_PREFIX, LEGACY_PREFIX, originOf } from '../http/base-url.js';
import { legacyBaseOpen } from '../http/legacy-sunset.js';
import { nowMs } from '../clock.js';

export const MCP_PATH = `${CURRENT_PREFIX}/mcp`;
export const LEGACY_MCP_PATH = `${LEGACY_PREFIX}/mcp`;

/** The consent page, in the dashboard (its sign-in, its layout, its CSRF check). */
export const CONSENT_PATH = '/dashboard/assistants/authorize';

/** The authorization server's endpoints, under the issuer. */
export const OAUTH_PATHS = {
  authorize: `${MCP_PATH}/authorize`,
  token: `${MCP_PATH}/token`,
  register: `${MCP_PATH}/register`,
  revoke: `${MCP_PATH}/revoke`,
} as const;

export interface McpUrls {
  origin: string;
  /** {mcp_url}: the current resource, and the issuer. */
  mcp: string;
  /** {legacy_mcp_url}. */
  legacy: string;
}

export function mcpUrls(request: FastifyRequest): McpUrls {
  const origin = originOf(request);
  return { origin, mcp: origin + MCP_PATH, legacy: origin + LEGACY_MCP_PATH };
}

/** RFC 9728: the protected resource metadata of a resource URL, `/.well-known/oauth-protected-resource` put before its path. */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}

/**
 * {legacy_mcp_url}'s sunset is the API's (spec 9.3: the same schedule): open, and its tokens
 * accepted on both addresses, while the legacy base answers (the whole of 2027-04-30 UTC on the
 * server clock, `http/legacy-sunset.ts`), closed from 2027-05-01 on. On every host: a white-label
 * portal keeps /api/v1 for the API (spec 9.2), not the legacy MCP address.
 */
export function legacyMcpOpen(atMs: number = nowMs()): boolean {
  return legacyBaseOpen(atMs);
}

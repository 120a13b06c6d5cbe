/**
 * The MCP OAuth access token authenticator (credential kind 'token'): `Authorization: Bearer
 * mcp_at_…` on {mcp_url} and {legacy_mcp_url}. Refusals follow RFC 6750 3.1 (401 with
 * `WWW-Authenticate: Bearer error="invalid_token"` and the RFC 9728 `resource_metadata`): unknown,
 * revoked (the token or its grant), expired on the server clock, or issued for a resource other
 * than this server's MCP addresses (RFC 8707; a token for {legacy_mcp_url} is good on both until
 * its sunset, `legacyMcpOpen`). Then the account's own checks, as for keys (inactive, plan). The
 * Caller's scopes are the token's (what the partner granted) within the account's. Each grant
 * counts against the plan's per-minute rate in a window of its own (429 rate_limited past it).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import type { Authenticator, Caller } from '../auth/caller.js';
import { planOf } from '../auth/plans.js';
import { SCOPES } from '../auth/api-keys.js';
import { nowIso, nowMs } from '../clock.js';
import { countInWindow } from '../http/rate-limit.js';
import { ACCESS_PREFIX, hashSecret } from './oauth/secrets.js';
import { isLegacyUrl } from '../http/base-url.js';
import { legacyMcpOpen, mcpUrls, resourceMetadataUrl } from './urls.js';
import './tables.js';
import { CALLER_ACCOUNT_COLUMNS } from '../auth/caller-account.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The resource the request was sent to ({mcp_url} or {legacy_mcp_url}). */
function calledResource(request: FastifyRequest): string {
  const urls = mcpUrls(request);
  return isLegacyUrl(request.url) ? urls.legacy : urls.mcp;
}

function challenge(request: FastifyRequest, error?: { code: string; description: string }): Record<string, string> {
  const parts = [`resource_metadata="${resourceMetadataUrl(calledResource(request))}"`];
  if (error) parts.unshift(`error="${error.code}"`, `error_description="${error.description.replace(/["\\]/g, '')}"`);
  return { 'www-authenticate': `Bearer ${parts.join(', ')}` };
}

export function tokenAuthenticator(db: Kysely<Database>): Authenticator {
  return {
    kind: 'token',
    noun: 'token',
    missing: 'Send an OAuth access token of this server as "Authorization: Bearer <token>" (discovery: the resource_metadata of WWW-Authenticate).',
    challenge: (request) => challenge(request),
    authenticate: (request) => authenticateToken(db, request),
  };
}

async function authenticateToken(db: Kysely<Database>, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) return null;
  const refuse = (description: string) => new ApiError(401, 'invalid_token', description, {}, challenge(request, { code: 'invalid_token', description }));
  const presented = match[1];
  if (!presented.startsWith(ACCESS_PREFIX)) throw refuse('This is not an access token of this server.');
  const row = await db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_tokens.grant_id')
    .innerJoin('accounts', 'accounts.id', 'oauth_grants.account_id')
    .select([
      'oauth_tokens.kind',
      'oauth_tokens.scopes',
      'oauth_tokens.expires_at',
      'oauth_tokens.revoked_at',
      'oauth_grants.id as grant_id',
      'oauth_grants.client_id',
      'oauth_grants.resource',
      'oauth_grants.revoked_at as grant_revoked_at',
      ...CALLER_ACCOUNT_COLUMNS,
    ])
    .where('oauth_tokens.token_hash', '=', hashSecret(presented))
    .executeTakeFirst();
  if (!row || row.kind !== 'access') throw refuse('This access token does not exist.');
  if (row.revoked_at || row.grant_revoked_at) throw refuse('This access token was revoked.');
  if (row.expires_at <= nowIso()) throw refuse(`This access token expired at ${row.expires_at}; refresh it.`);
  const urls = mcpUrls(request);
  const accepted = [urls.mcp, ...(legacyMcpOpen() ? [urls.legacy] : [])];
  if (!accepted.includes(row.resource)) throw refuse(`This access token is for ${row.resource}, not this server (${accepted.join(', ')}).`);
  if (!Number(row.active)) throw new ApiError(403, 'account_inactive', 'This account is not active.');
  const plan = planOf({ plan: row.plan, rate_per_minute: row.rate_per_minute });
  if (!plan.included) throw new ApiError(403, 'api_not_in_plan', `The ${row.plan} plan does not include the API (Enterprise and Custom do).`);
  return {
    account: { id: row.account_id, name: row.account_name, email: row.account_email },
    // Granted ∩ the account's: a dashboard user holds every scope of its account, so the account's are all.
    scopes: (JSON.parse(row.scopes) as string[]).filter((s) => (SCOPES as readonly string[]).includes(s)),
    via: 'token',
    credential: { kind: 'token', id: row.grant_id },
    plan,
    // The plan's rate, per grant: an assistant counts like one more API key of the account, in a
    // window of its own, so one busy assistant never uses up the account's keys' rate (or theirs its).
    rate: await countInWindow(db, `token:${row.grant_id}`, plan.rate, 60_000, nowMs()),
    limitKey: `token:${row.grant_id}`,
  };
}


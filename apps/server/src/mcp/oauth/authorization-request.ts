/**
 * Checks an authorization request (RFC 6749 4.1.1, RFC 7636 4.3, RFC 8707 2). Problems with the
 * client or its redirect URI are shown to the person and never redirected (RFC 6749 4.1.2.1: an
 * unchecked redirect URI would make this an open redirector); every other problem goes back to the
 * client as an error on its redirect URI, with `state` and `iss` (RFC 9207).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { SCOPES } from '../../auth/api-keys.js';
import { legacyMcpOpen, type McpUrls } from '../urls.js';
import { findClient } from './clients.js';
import { OAuthFailure } from './oauth-error.js';
import { S256_CHALLENGE } from './secrets.js';

/** The parameters of an authorization request (RFC 6749 4.1.1, RFC 7636 4.3, RFC 8707 2). */
export const REQUEST_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'scope', 'state', 'resource'] as const;

export interface AuthorizationRequest {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string;
  scopes: string[];
}

/** A problem to show on the page (no redirect). */
export class ShownProblem extends Error {}

/** A problem to send back to the client's redirect URI. */
export class RedirectedProblem extends Error {
  constructor(
    readonly redirectUri: string,
    readonly code: string,
    message: string,
    readonly state: string | undefined,
  ) {
    super(message);
  }
}

export function errorRedirect(p: RedirectedProblem, issuer: string): string {
  const url = new URL(p.redirectUri);
  url.searchParams.set('error', p.code);
  url.searchParams.set('error_description', p.message);
  if (p.state !== undefined) url.searchParams.set('state', p.state);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

export async function checkAuthorizationRequest(db: Kysely<Database>, urls: McpUrls, params: Record<string, string>): Promise<AuthorizationRequest> {
  const clientId = params.client_id;
  if (!clientId) throw new ShownProblem('The request names no client (client_id is missing).');
  let client;
  try {
    client = await findClient(db, clientId);
  } catch (error) {
    if (error instanceof OAuthFailure) throw new ShownProblem(error.message);
    throw error;
  }
  let redirectUri = params.redirect_uri;
  if (!redirectUri) {
    if (client.redirect_uris.length !== 1) throw new ShownProblem('redirect_uri is missing and the client has more than one.');
    redirectUri = client.redirect_uris[0];
  }
  // Exact string comparison (OAuth 2.1 4.1.3, RFC 6749 3.1.2.3), no prefix or pattern.
  if (!client.redirect_uris.includes(redirectUri)) throw new ShownProblem(`The redirect URI ${redirectUri.slice(0, 200)} is not registered for this client.`);
  const state = params.state;
  const fail = (code: string, message: string) => new RedirectedProblem(redirectUri, code, message, state);

  if (params.response_type !== 'code') throw fail('unsupported_response_type', 'response_type must be code.');
  if (!params.code_challenge) throw fail('invalid_request', 'code_challenge is missing (PKCE is required).');
  if ((params.code_challenge_method ?? 'plain') !== 'S256') throw fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted).');
  if (!S256_CHALLENGE.test(params.code_challenge)) throw fail('invalid_request', 'code_challenge must be 43 base64url characters (S256).');

  const allowed = [urls.mcp, ...(legacyMcpOpen() ? [urls.legacy] : [])];
  const resource = params.resource ?? urls.mcp;
  if (!allowed.includes(resource.replace(/\/$/, ''))) throw fail('invalid_target', `This server issues tokens for ${allowed.join(' and ')} only, not ${resource.slice(0, 200)}.`);

  const scopes = params.scope ? [...new Set(params.scope.split(' ').filter(Boolean))] : [...SCOPES];
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw fail('invalid_scope', `Unknown scope: ${unknown.join(' ').slice(0, 200)}.`);
  if (!scopes.length) throw fail('invalid_scope', 'No scope asked for.');

  return { clientId, clientName: client.client_name, redirectUri, state, codeChallenge: params.code_challenge, resource: resource.replace(/\/$/, ''), scopes };
}

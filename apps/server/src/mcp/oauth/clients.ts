/**
 * The clients of the authorization server: RFC 7591 dynamic registration (public clients: the
 * server issues no client secret, so `token_endpoint_auth_method` is always `none`, a substitution
 * RFC 7591 3.2.1 allows) and clients named by a metadata document URL (fetched each time an
 * authorization starts; nothing is kept of them).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../clock.js';
import { fetchClientMetadataDocument, isMetadataDocumentId, type ClientMetadata } from './client-metadata-document.js';
import { OAuthFailure } from './oauth-error.js';
import '../tables.js';

const MAX_REDIRECT_URIS = 10;

/**
 * RFC 8252 (native apps) and OAuth 2.1: https anywhere, http only on a loopback host, or a
 * private-use scheme with a dot (`com.example.app:/cb`); never a fragment.
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri.slice(0, 100)} is not an absolute URL`;
  }
  if (url.hash) return `${uri.slice(0, 100)} has a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ? null : `${uri.slice(0, 100)} uses http on a host other than loopback`;
  if (/^[a-z][a-z0-9+-]*\.[a-z0-9+.-]+:$/i.test(url.protocol)) return null;
  return `${uri.slice(0, 100)} uses the scheme ${url.protocol} (https, http on loopback, or a private-use scheme with a dot)`;
}

export async function registerClient(db: Kysely<Database>, body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OAuthFailure('invalid_client_metadata', 'The body must be a JSON object of client metadata (RFC 7591 2).');
  const meta = body as Record<string, unknown>;
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string')) throw new OAuthFailure('invalid_redirect_uri', 'redirect_uris must be a non-empty array of URLs.');
  if (uris.length > MAX_REDIRECT_URIS) throw new OAuthFailure('invalid_redirect_uri', `At most ${MAX_REDIRECT_URIS} redirect_uris.`);
  for (const uri of uris as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthFailure('invalid_redirect_uri', `redirect_uris: ${problem}.`);
  }
  const grantTypes = meta.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!Array.isArray(grantTypes) || !grantTypes.every((g) => g === 'authorization_code' || g === 'refresh_token')) {
    throw new OAuthFailure('invalid_client_metadata', 'grant_types may hold authorization_code and refresh_token only.');
  }
  const responseTypes = meta.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || !responseTypes.every((r) => r === 'code')) throw new OAuthFailure('invalid_client_metadata', 'response_types may hold code only.');
  const name = typeof meta.client_name === 'string' && meta.client_name.trim() ? meta.client_name.trim().slice(0, 200) : 'Unnamed assistant';
  const answer = {
    client_id: `mcp_client_${crypto.randomBytes(16).toString('base64url')}`,
    client_id_issued_at: Math.floor(Date.parse(nowIso()) / 1000),
    client_name: name,
    redirect_uris: uris as string[],
    grant_types: grantTypes as string[],
    response_types: responseTypes as string[],
    token_endpoint_auth_method: 'none',
    ...(typeof meta.client_uri === 'string' ? { client_uri: meta.client_uri.slice(0, 500) } : {}),
    ...(typeof meta.scope === 'string' ? { scope: meta.scope.slice(0, 500) } : {}),
  };
  await db
    .insertInto('oauth_clients')
    .values({ client_id: answer.client_id, client_name: name, redirect_uris: JSON.stringify(uris), metadata: JSON.stringify(answer), created_at: nowIso() })
    .execute();
  return answer;
}

/** The client behind a client_id: registered here, or a metadata document's; unknown is invalid_client. */
export async function findClient(db: Kysely<Database>, clientId: string): Promise<ClientMetadata> {
  if (isMetadataDocumentId(clientId)) return fetchClientMetadataDocument(clientId);
  const row = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) throw new OAuthFailure('invalid_client', `There is no client ${clientId.slice(0, 100)}; register it (RFC 7591) or use a client metadata document URL.`);
  return { client_id: row.client_id, client_name: row.client_name, redirect_uris: JSON.parse(row.redirect_uris) as string[] };
}

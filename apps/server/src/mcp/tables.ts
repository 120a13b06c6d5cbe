/** The OAuth tables of the MCP server's authorization server (migration 0019), added to `Database`. */
import type { Generated } from 'kysely';

/** A client registered with RFC 7591 (clients named by a metadata document URL are not stored). */
export interface OauthClientTable {
  client_id: string;
  client_name: string;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  /** JSON of the registered metadata as answered at registration. */
  metadata: string;
  created_at: string;
}

/** One consent: an account let a client act with these scopes on this resource. Revoking it ends every token. */
export interface OauthGrantTable {
  id: Generated<number>;
  account_id: number;
  client_id: string;
  client_name: string;
  /** JSON array: the scopes granted (already within the signed-in account's). */
  scopes: string;
  /** The RFC 8707 resource the tokens are for ({mcp_url} or {legacy_mcp_url}). */
  resource: string;
  created_at: string;
  revoked_at: string | null;
  /** 'user' (dashboard, RFC 7009) or 'refresh_token_reuse'. */
  revoked_reason: string | null;
}

export interface OauthCodeTable {
  /** sha256 hex of the code. */
  code_hash: string;
  grant_id: number;
  redirect_uri: string;
  /** The S256 code challenge (RFC 7636). */
  code_challenge: string;
  expires_at: string;
  used_at: string | null;
}

export interface OauthTokenTable {
  id: Generated<number>;
  /** sha256 hex of the token. */
  token_hash: string;
  kind: 'access' | 'refresh';
  /** JSON array: the grant's scopes, or fewer when a refresh asked for fewer (RFC 6749 6). */
  scopes: string;
  grant_id: number;
  expires_at: string;
  /** A refresh token exchanged for a new pair: presenting it again revokes the grant. */
  rotated_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    oauth_clients: OauthClientTable;
    oauth_grants: OauthGrantTable;
    oauth_codes: OauthCodeTable;
    oauth_tokens: OauthTokenTable;
  }
}

/**
 * The MCP server's authorization server (issue 44): registered clients (RFC 7591), grants (one per
 * consent: the "authorized assistant" the dashboard lists and revokes, and the family of its
 * refresh tokens), authorization codes, and tokens. Codes and tokens are stored as sha256 only.
 */
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';

export function mcpOauth({ idType, id }: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oauth_clients')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('client_name', 'text', (c) => c.notNull())
        .addColumn('redirect_uris', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('oauth_grants')
        .addColumn('id', idType, id)
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_name', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_reason', 'text')
        .execute();
      await db.schema.createIndex('oauth_grants_account').on('oauth_grants').columns(['account_id', 'id']).execute();
      await db.schema
        .createTable('oauth_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('grant_id', 'integer', (c) => c.notNull().references('oauth_grants.id'))
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('oauth_tokens')
        .addColumn('id', idType, id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'integer', (c) => c.notNull().references('oauth_grants.id'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('rotated_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_tokens_grant').on('oauth_tokens').columns(['grant_id']).execute();
    },
  };
}

/**
 * Grants, codes and tokens. A grant is one consent (an account, a client, scopes, a resource);
 * its authorization code is single-use and short (RFC 6749 4.1.2; a second use revokes the grant,
 * as 10.5 advises); access tokens are short-lived, refresh tokens rotate on every use and a
 * rotated one presented again revokes the grant with every token of it (OAuth 2.1 4.3.1, the
 * "refresh token family"). Everything secret is stored as its sha256 (`secrets.ts`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isoIn, nowIso } from '../../clock.js';
import { ACCESS_PREFIX, CODE_PREFIX, hashSecret, newSecret, pkceMatches, REFRESH_PREFIX, VERIFIER } from './secrets.js';
import { OAuthFailure } from './oauth-error.js';
import '../tables.js';

export const CODE_SECONDS = 120;
export const ACCESS_SECONDS = 600;
export const REFRESH_SECONDS = 30 * 86_400;

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export async function createGrantWithCode(
  db: Kysely<Database>,
  o: { accountId: number; clientId: string; clientName: string; scopes: string[]; resource: string; redirectUri: string; codeChallenge: string },
): Promise<string> {
  const code = newSecret(CODE_PREFIX);
  await db.transaction().execute(async (trx) => {
    const grant = await trx
      .insertInto('oauth_grants')
      .values({ account_id: o.accountId, client_id: o.clientId, client_name: o.clientName, scopes: JSON.stringify(o.scopes), resource: o.resource, created_at: nowIso(), revoked_at: null, revoked_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('oauth_codes')
      .values({ code_hash: code.hash, grant_id: grant.id, redirect_uri: o.redirectUri, code_challenge: o.codeChallenge, expires_at: isoIn(CODE_SECONDS * 1000), used_at: null })
      .execute();
  });
  return code.value;
}

async function issuePair(db: Kysely<Database>, grantId: number, scopes: string[]): Promise<TokenAnswer> {
  const access = newSecret(ACCESS_PREFIX);
  const refresh = newSecret(REFRESH_PREFIX);
  const created = nowIso();
  await db
    .insertInto('oauth_tokens')
    .values([
      { token_hash: access.hash, kind: 'access', scopes: JSON.stringify(scopes), grant_id: grantId, expires_at: isoIn(ACCESS_SECONDS * 1000), rotated_at: null, revoked_at: null, created_at: created },
      { token_hash: refresh.hash, kind: 'refresh', scopes: JSON.stringify(scopes), grant_id: grantId, expires_at: isoIn(REFRESH_SECONDS * 1000), rotated_at: null, revoked_at: null, created_at: created },
    ])
    .execute();
  return { access_token: access.value, token_type: 'Bearer', expires_in: ACCESS_SECONDS, refresh_token: refresh.value, scope: scopes.join(' ') };
}

export async function revokeGrant(db: Kysely<Database>, grantId: number, reason: string): Promise<void> {
  const at = nowIso();
  await db.updateTable('oauth_grants').set({ revoked_at: at, revoked_reason: reason }).where('id', '=', grantId).where('revoked_at', 'is', null).execute();
  await db.updateTable('oauth_tokens').set({ revoked_at: at }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
}

/** RFC 8707 2.2: a `resource` at the token endpoint must be the one the grant was for. */
function checkResource(asked: string | undefined, grantResource: string): void {
  if (asked !== undefined && asked !== grantResource) throw new OAuthFailure('invalid_target', `This grant is for the resource ${grantResource}, not ${asked.slice(0, 200)}.`);
}

/** RFC 6749 4.1.3 with RFC 7636 4.6. */
export async function exchangeCode(db: Kysely<Database>, o: { code: string; verifier: string; clientId: string; redirectUri: string; resource?: string }): Promise<TokenAnswer> {
  if (!VERIFIER.test(o.verifier)) throw new OAuthFailure('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 4.1).');
  const row = await db
    .selectFrom('oauth_codes')
    .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_codes.grant_id')
    .select(['oauth_codes.code_hash', 'oauth_codes.grant_id', 'oauth_codes.redirect_uri', 'oauth_codes.code_challenge', 'oauth_codes.expires_at', 'oauth_codes.used_at', 'oauth_grants.client_id', 'oauth_grants.scopes', 'oauth_grants.resource', 'oauth_grants.revoked_at'])
    .where('oauth_codes.code_hash', '=', hashSecret(o.code))
    .executeTakeFirst();
  if (!row) throw new OAuthFailure('invalid_grant', 'This authorization code does not exist.');
  // RFC 6749 4.1.2: a code used twice means it leaked; the tokens it gave are revoked.
  const reused = async () => {
    await revokeGrant(db, row.grant_id, 'code_reuse');
    return new OAuthFailure('invalid_grant', 'This authorization code was already used; the tokens issued for it are revoked.');
  };
  if (row.used_at) throw await reused();
  if (row.revoked_at) throw new OAuthFailure('invalid_grant', 'This authorization was revoked.');
  if (row.expires_at <= nowIso()) throw new OAuthFailure('invalid_grant', 'This authorization code has expired.');
  if (row.client_id !== o.clientId) throw new OAuthFailure('invalid_grant', 'This authorization code was issued to another client.');
  if (row.redirect_uri !== o.redirectUri) throw new OAuthFailure('invalid_grant', 'redirect_uri is not the one of the authorization request.');
  if (!pkceMatches(o.verifier, row.code_challenge)) throw new OAuthFailure('invalid_grant', 'code_verifier does not match the code_challenge (PKCE S256).');
  checkResource(o.resource, row.resource);
  // One use: only the request that marks it gets tokens, whatever runs at the same time.
  const marked = await db.updateTable('oauth_codes').set({ used_at: nowIso() }).where('code_hash', '=', row.code_hash).where('used_at', 'is', null).executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw await reused();
  return issuePair(db, row.grant_id, JSON.parse(row.scopes) as string[]);
}

/** RFC 6749 6, with rotation: the presented refresh token is spent, a new pair is issued. */
export async function refreshTokens(db: Kysely<Database>, o: { refreshToken: string; clientId: string; scope?: string; resource?: string }): Promise<TokenAnswer> {
  const row = await db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_tokens.grant_id')
    .select(['oauth_tokens.id', 'oauth_tokens.grant_id', 'oauth_tokens.kind', 'oauth_tokens.expires_at', 'oauth_tokens.rotated_at', 'oauth_tokens.revoked_at', 'oauth_tokens.scopes', 'oauth_grants.client_id', 'oauth_grants.resource', 'oauth_grants.revoked_at as grant_revoked_at'])
    .where('oauth_tokens.token_hash', '=', hashSecret(o.refreshToken))
    .executeTakeFirst();
  if (!row || row.kind !== 'refresh') throw new OAuthFailure('invalid_grant', 'This refresh token does not exist.');
  if (row.client_id !== o.clientId) throw new OAuthFailure('invalid_grant', 'This refresh token was issued to another client.');
  if (row.rotated_at && !row.grant_revoked_at) {
    await revokeGrant(db, row.grant_id, 'refresh_token_reuse');
    throw new OAuthFailure('invalid_grant', 'This refresh token was already used; the authorization is revoked (sign in again).');
  }
  if (row.revoked_at || row.grant_revoked_at) throw new OAuthFailure('invalid_grant', 'This authorization was revoked.');
  if (row.expires_at <= nowIso()) throw new OAuthFailure('invalid_grant', 'This refresh token has expired.');
  checkResource(o.resource, row.resource);
  const granted = JSON.parse(row.scopes) as string[];
  // RFC 6749 6: a narrower scope may be asked for, never a wider one.
  let scopes = granted;
  if (o.scope !== undefined) {
    const asked = o.scope.split(' ').filter(Boolean);
    const extra = asked.filter((s) => !granted.includes(s));
    if (extra.length) throw new OAuthFailure('invalid_scope', `Not granted: ${extra.join(' ').slice(0, 200)}.`);
    scopes = asked;
  }
  const spent = await db.updateTable('oauth_tokens').set({ rotated_at: nowIso() }).where('id', '=', row.id).where('rotated_at', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeGrant(db, row.grant_id, 'refresh_token_reuse');
    throw new OAuthFailure('invalid_grant', 'This refresh token was already used; the authorization is revoked (sign in again).');
  }
  return issuePair(db, row.grant_id, scopes);
}

/**
 * RFC 7009: revoking either token of a grant revokes the grant (2.1 lets an access token's
 * revocation take its refresh token along). An unknown token is not an error (2.2).
 */
export async function revokeByToken(db: Kysely<Database>, token: string, clientId: string | undefined): Promise<void> {
  const row = await db
    .selectFrom('oauth_tokens')
    .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_tokens.grant_id')
    .select(['oauth_tokens.grant_id', 'oauth_grants.client_id'])
    .where('oauth_tokens.token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  if (!row) return;
  if (clientId !== undefined && clientId !== row.client_id) throw new OAuthFailure('invalid_client', 'This token was issued to another client.');
  await revokeGrant(db, row.grant_id, 'revoked_by_client');
}

/** The account's authorized assistants (grants not revoked), newest first, for Settings → Assistants. */
export async function listGrants(db: Kysely<Database>, accountId: number) {
  const rows = await db.selectFrom('oauth_grants').selectAll().where('account_id', '=', accountId).where('revoked_at', 'is', null).orderBy('id', 'desc').execute();
  const lastUse = new Map<number, string>();
  if (rows.length) {
    const tokens = await db
      .selectFrom('oauth_tokens')
      .select(['grant_id', (eb) => eb.fn.max('created_at').as('last')])
      .where('grant_id', 'in', rows.map((r) => r.id))
      .groupBy('grant_id')
      .execute();
    for (const t of tokens) lastUse.set(t.grant_id, String(t.last));
  }
  return rows.map((r) => ({ id: r.id, client_id: r.client_id, client_name: r.client_name, scopes: JSON.parse(r.scopes) as string[], resource: r.resource, created_at: r.created_at, last_token_at: lastUse.get(r.id) ?? null }));
}

/** Revokes one of the account's grants; false when it is not the account's or already revoked. */
export async function revokeAccountGrant(db: Kysely<Database>, accountId: number, grantId: number): Promise<boolean> {
  const row = await db.selectFrom('oauth_grants').select('id').where('id', '=', grantId).where('account_id', '=', accountId).where('revoked_at', 'is', null).executeTakeFirst();
  if (!row) return false;
  await revokeGrant(db, grantId, 'revoked_in_dashboard');
  return true;
}

/**
 * The API key authenticator: `Authorization: Bearer svc_live_…`, checked in the order the spec
 * implies: the header, the key (retired test key, unknown, another account's key on a white-label
 * portal's domain, revoked, expired), the account (inactive, plan without the API), then the key's
 * rate is counted. The caller plugin then answers
 * a rate past its limit and checks the route's scope.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { nowIso } from '../clock.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { countRequest } from '../http/rate-limit.js';
import { hashKey, hashesEqual, LIVE_PREFIX, RETIRED_TEST_PREFIX, visiblePrefix } from './api-keys.js';
import type { Authenticator, Caller } from './caller.js';
import { planOf } from './plans.js';
import { CALLER_ACCOUNT_COLUMNS } from './caller-account.js';
import { compiledOnce, rowsOf } from '../db/compiled-once.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const invalidKey = () => new ApiError(401, 'invalid_key', 'This API key does not exist.');

export function keyAuthenticator(db: Kysely<Database>): Authenticator {
  return {
    kind: 'key',
    noun: 'key',
    missing: 'Send the API key as "Authorization: Bearer <API_KEY>".',
    authenticate: (request) => authenticateKey(db, request),
  };
}

/** The keys whose visible prefix is `prefix`, with their account (compiled once: it runs on every request with a key). */
const keysOfPrefix = compiledOnce((db, { prefix }: { prefix: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select([
      'api_keys.id as key_id',
      'api_keys.name as key_name',
      'api_keys.prefix',
      'api_keys.key_hash',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.created_at as key_created_at',
      ...CALLER_ACCOUNT_COLUMNS,
    ])
    .where('api_keys.prefix', '=', prefix),
);

async function authenticateKey(db: Kysely<Database>, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) return null;
  const presented = match[1];
  if (presented.startsWith(RETIRED_TEST_PREFIX)) {
    throw new ApiError(401, 'test_keys_retired', 'svc_test_ keys are retired with the sandbox; use a svc_live_ key and POST /ddex/validate to test.');
  }
  if (!presented.startsWith(LIVE_PREFIX)) throw invalidKey();

  const hash = hashKey(presented);
  const candidates = await rowsOf(db, keysOfPrefix(db, { prefix: visiblePrefix(presented) }));
  // Every candidate is compared (constant time each), so timing does not tell which one matched.
  let row: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) if (hashesEqual(candidate.key_hash, hash)) row = candidate;
  // On a portal's domain only its account's keys exist: another account's key is refused exactly as
  // an unknown one, before its own state (revoked, expired) could tell that it exists elsewhere.
  const portal = request.portal;
  if (!row || (portal && portal.account.id !== row.account_id)) throw invalidKey();
  if (row.revoked_at) throw new ApiError(401, 'key_revoked', 'This API key was revoked.');
  if (row.expires_at && row.expires_at <= nowIso()) throw new ApiError(401, 'key_expired', `This API key expired at ${row.expires_at}.`);
  if (!Number(row.active)) throw new ApiError(403, 'account_inactive', 'This account is not active.');
  const plan = planOf({ plan: row.plan, rate_per_minute: row.rate_per_minute });
  if (!plan.included) throw new ApiError(403, 'api_not_in_plan', `The ${row.plan} plan does not include the API (Enterprise and Custom do).`);

  return {
    account: { id: row.account_id, name: row.account_name, email: row.account_email },
    scopes: JSON.parse(row.scopes) as string[],
    via: 'key',
    credential: { kind: 'key', id: row.key_id, name: row.key_name, prefix: row.prefix, expires_at: row.expires_at, created_at: row.key_created_at },
    plan,
    rate: await countRequest(db, row.key_id, plan.rate),
    limitKey: `key:${row.key_id}`,
  };
}

/**
 * Authentication and authorization of one request, in the order the spec implies: header, key
 * (retired test key, unknown, revoked, expired), account (inactive, plan without the API), the
 * key's rate, then the scope the endpoint needs.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { countRequest, type RateState } from '../http/rate-limit.js';
import { hashKey, hashesEqual, hasScope, LIVE_PREFIX, RETIRED_TEST_PREFIX, visiblePrefix, type Scope } from './api-keys.js';
import { planOf, type PlanInfo } from './plans.js';

export interface Caller {
  account: { id: number; name: string; email: string };
  key: { id: number; name: string; prefix: string; scopes: string[]; expires_at: string | null; created_at: string };
  plan: PlanInfo;
  rate: RateState;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export async function authenticate(db: Kysely<Database>, request: FastifyRequest, scope: Scope | null): Promise<Caller> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header) : null;
  if (!match) throw new ApiError(401, 'unauthenticated', 'Send the API key as "Authorization: Bearer <API_KEY>".');
  const presented = match[1];
  if (presented.startsWith(RETIRED_TEST_PREFIX)) {
    throw new ApiError(401, 'test_keys_retired', 'svc_test_ keys are retired with the sandbox; use a svc_live_ key and POST /ddex/validate to test.');
  }
  if (!presented.startsWith(LIVE_PREFIX)) throw new ApiError(401, 'invalid_key', 'This API key does not exist.');

  const hash = hashKey(presented);
  const candidates = await db
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
      'accounts.id as account_id',
      'accounts.name as account_name',
      'accounts.email as account_email',
      'accounts.plan',
      'accounts.active',
      'accounts.rate_per_minute',
    ])
    .where('api_keys.prefix', '=', visiblePrefix(presented))
    .execute();
  // Every candidate is compared (constant time each), so timing does not tell which one matched.
  let row: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) if (hashesEqual(candidate.key_hash, hash)) row = candidate;
  if (!row) throw new ApiError(401, 'invalid_key', 'This API key does not exist.');
  if (row.revoked_at) throw new ApiError(401, 'key_revoked', 'This API key was revoked.');
  if (row.expires_at && row.expires_at <= new Date().toISOString()) throw new ApiError(401, 'key_expired', `This API key expired at ${row.expires_at}.`);
  if (!Number(row.active)) throw new ApiError(403, 'account_inactive', 'This account is not active.');
  const plan = planOf({ plan: row.plan, rate_per_minute: row.rate_per_minute });
  if (!plan.included) throw new ApiError(403, 'api_not_in_plan', `The ${row.plan} plan does not include the API (Enterprise and Custom do).`);

  const rate = await countRequest(db, row.key_id, plan.rate);
  const caller: Caller = {
    account: { id: row.account_id, name: row.account_name, email: row.account_email },
    key: {
      id: row.key_id,
      name: row.key_name,
      prefix: row.prefix,
      scopes: JSON.parse(row.scopes) as string[],
      expires_at: row.expires_at,
      created_at: row.key_created_at,
    },
    plan,
    rate,
  };
  request.caller = caller;
  if (rate.exceeded) {
    throw new ApiError(429, 'rate_limited', `Rate limit of ${rate.limit} requests per minute exceeded; retry after ${rate.resetSeconds} s.`, {}, { 'retry-after': String(rate.resetSeconds) });
  }
  if (scope && !hasScope(caller.key.scopes, scope)) {
    throw new ApiError(403, 'insufficient_scope', `This key lacks the ${scope} scope.`, { scope });
  }
  return caller;
}

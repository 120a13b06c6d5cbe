/**
 * The dashboard's authenticator (credential kind 'session'): the `ddex_session` cookie. Only
 * routes declaring `via: ['session']` ask it, so the cookie never authenticates the public API.
 * A dashboard user may do what the account may (every scope); sessions count against no API rate
 * (their limit key is `session:<id>`, apart from every key's), and an account whose plan has no API
 * still has its dashboard.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/api-error.js';
import { SCOPES } from '../auth/api-keys.js';
import type { Authenticator } from '../auth/caller.js';
import { planOf } from '../auth/plans.js';
import { readCookie, SESSION_COOKIE } from './session-cookie.js';
import { sessionByToken } from './sessions.js';

export const SIGN_IN_TEXT = 'Sign in to the dashboard.';

export function sessionAuthenticator(db: Kysely<Database>): Authenticator {
  return {
    kind: 'session',
    noun: 'session',
    missing: SIGN_IN_TEXT,
    async authenticate(request) {
      const token = readCookie(request, SESSION_COOKIE);
      if (!token) return null;
      const found = await sessionByToken(db, token);
      if (!found.ok) throw new ApiError(401, 'session_ended', found.why === 'expired' ? 'Your session expired; sign in again.' : 'You are signed out; sign in again.');
      const { session } = found;
      if (!Number(session.account.active)) throw new ApiError(403, 'account_inactive', 'This account is not active.');
      return {
        account: { id: session.account.id, name: session.account.name, email: session.account.email },
        scopes: [...SCOPES],
        via: 'session',
        credential: { kind: 'session', id: session.id, user: { id: session.user.id, email: session.user.email }, csrfToken: session.csrfToken },
        plan: planOf(session.account),
        rate: null,
        limitKey: `session:${session.id}`,
      };
    },
  };
}

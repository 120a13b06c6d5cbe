/** Tables of the dashboard's people (users, their invitations, sessions, failed sign-ins), added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  account_id: number;
  /** Lower-cased. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (auth/passwords.ts); null until the invitation is accepted. */
  password_hash: string | null;
  /** `invited`, `active` or `removed` (a removed user keeps the row, so its email stays taken until re-invited). */
  status: 'invited' | 'active' | 'removed';
  created_at: string;
  last_sign_in_at: string | null;
}

export interface UserInvitationTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 (hex) of the cookie's value. */
  token_hash: string;
  /** The synchronizer token forms and fetch calls of this session must send back (random, per session). */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end, however active the session is. */
  expires_at: string;
  address: string | null;
  user_agent: string | null;
  /** Signed out, revoked, or the user removed. */
  ended_at: string | null;
}

export interface SignInFailureTable {
  id: Generated<number>;
  /** Lower-cased, as typed (also for emails of no user). */
  email: string;
  address: string;
  at: string;
}

declare module '../db/schema.js' {
  interface Database {
    users: UserTable;
    user_invitations: UserInvitationTable;
    sessions: SessionTable;
    sign_in_failures: SignInFailureTable;
  }
}

/** Tables of the members capability, added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface MemberTable {
  id: Generated<number>;
  account_id: number;
  email: string;
  name: string;
  kind: 'artist' | 'label';
  status: string;
  /** The account's own catalog: deliveries without `member_id` go here. */
  is_own: number;
  created_at: string;
  last_login_at: string | null;
  /** scrypt hash set when the member accepts the invitation (`scrypt$N$r$p$salt$hash`). */
  password_hash: string | null;
}

export interface InvitationTable {
  id: Generated<number>;
  account_id: number;
  member_id: number;
  /** sha256 (hex) of the single-use token in the emailed link (null before the email is sent); spent once `accepted_at` is set. */
  token_hash: string | null;
  expires_at: string;
  sent_at: string | null;
  accepted_at: string | null;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    members: MemberTable;
    invitations: InvitationTable;
  }
}

/** Tables of the members capability, added to the server's `Database`. */
import type { Generated } from 'kysely';

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
    invitations: InvitationTable;
  }
  interface MemberTable {
    /** scrypt hash set when the member accepts the invitation (`scrypt$N$r$p$salt$hash`). */
    password_hash: string | null;
  }
  interface ReleaseTable {
    /** The staff's reason for the last decision (request changes, take down). */
    status_reason: string | null;
  }
  interface StaffFlagTable {
    /** `approved` or `rejected` once staff resolved the request. */
    resolution: string | null;
    resolution_note: string | null;
  }
}

/** Tables of the account capability (accounts, their connection activity and their portal domains), added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface AccountTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** `enterprise`, `custom` (API included) or any other plan name (API not included). */
  plan: string;
  active: number;
  /** Requests per minute per key; used by the `custom` plan (null: the plan's default). */
  rate_per_minute: number | null;
  created_at: string;
}

export interface ConnectionActivityTable {
  id: Generated<number>;
  account_id: number;
  key_id: number;
  kind: string;
  ip: string | null;
  user_agent: string | null;
  at: string;
}

/** A white-label portal's domain (lower-case ASCII, no port, no trailing dot) and its account. */
export interface PortalDomainTable {
  domain: string;
  account_id: number;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    accounts: AccountTable;
    connection_activity: ConnectionActivityTable;
    portal_domains: PortalDomainTable;
  }
}

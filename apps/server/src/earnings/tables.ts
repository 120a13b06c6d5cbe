/** Tables of statements and earnings, added to the server's `Database`. */
import type { Generated } from 'kysely';

export interface StatementTable {
  id: Generated<number>;
  account_id: number;
  file_name: string;
  /** `imported` (checked, not revenue yet) or `committed`. */
  status: 'imported' | 'committed';
  /** JSON `{CUR: "rate to USD"}` given at import. */
  rates: string;
  row_count: number;
  error_count: number;
  unmatched_count: number;
  created_at: string;
  committed_at: string | null;
}

export interface StatementRowTable {
  id: Generated<number>;
  statement_id: number;
  account_id: number;
  line: number;
  store: string;
  /** YYYY-MM. */
  period: string;
  upc: string | null;
  isrc: string | null;
  /** The account's release the row matched (by UPC, else through the ISRC's recording), or null. */
  release_id: number | null;
  member_id: number | null;
  units: number;
  /** As written in the statement, in `currency`. */
  amount: string;
  currency: string;
  rate: string;
  /** amount x rate, in millionths of a dollar, exact (rounded half-even at the millionth). */
  amount_micro_usd: number | string;
}

export interface MemberShareTable {
  member_id: number;
  /** The member's share of the partner's revenue, in basis points (0-10000). */
  share_bps: number;
  updated_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    statements: StatementTable;
    statement_rows: StatementRowTable;
    member_shares: MemberShareTable;
  }
}

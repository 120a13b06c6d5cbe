/** Tables of payouts, added to the server's `Database`. */
import type { Generated } from 'kysely';

export type PayoutStatus = 'requested' | 'approved' | 'completed' | 'failed';

export interface PayoutTable {
  id: Generated<number>;
  account_id: number;
  amount_cents: number | string;
  currency: string;
  status: PayoutStatus;
  failed_reason: string | null;
  created_at: string;
  approved_at: string | null;
  completed_at: string | null;
}

export interface BalanceAdjustmentTable {
  id: Generated<number>;
  account_id: number;
  amount_cents: number | string;
  note: string;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    payouts: PayoutTable;
    balance_adjustments: BalanceAdjustmentTable;
  }
}

/**
 * Revenue from committed statements of one account, grouped by month, release or store over the
 * last `months` months: what GET /earnings answers and the dashboard's Money page draws. Amounts
 * are summed exactly and rounded once (money.ts): each column's rows add up to its rounded total
 * to the cent. `member_share_usd` applies each member's share to the rows of its releases.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { now } from '../clock.js';
import { allocateCents, centsToUsd, MICRO_PER_CENT } from './money.js';
import './tables.js';

export type EarningsBy = 'month' | 'release' | 'store';

export interface EarningsRow {
  /** YYYY-MM, the release id or `unmatched`, the store key. */
  key: string;
  label: string;
  amount_usd: number;
  member_share_usd: number;
  units: number;
}

/** The first month of a window of `months` months ending with the current one (YYYY-MM). */
export function windowStart(months: number, at: Date = now()): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (months - 1), 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Months by key ascending; releases and stores by amount, largest first. */
export async function earningsReport(db: Kysely<Database>, accountId: number, by: EarningsBy, months: number): Promise<EarningsRow[]> {
  const rows = await db
    .selectFrom('statement_rows')
    .innerJoin('statements', 'statements.id', 'statement_rows.statement_id')
    .leftJoin('member_shares', 'member_shares.member_id', 'statement_rows.member_id')
    .leftJoin('releases', 'releases.id', 'statement_rows.release_id')
    .select(['statement_rows.period', 'statement_rows.store', 'statement_rows.release_id', 'statement_rows.units', 'statement_rows.amount_micro_usd', 'member_shares.share_bps', 'releases.title'])
    .where('statement_rows.account_id', '=', accountId)
    .where('statements.status', '=', 'committed')
    .where('statement_rows.period', '>=', windowStart(months))
    .execute();
  const groups = new Map<string, { key: string; label: string; micro: bigint; shareUnits: bigint; units: number }>();
  for (const r of rows) {
    const key = by === 'month' ? r.period : by === 'store' ? r.store : r.release_id === null ? 'unmatched' : String(r.release_id);
    const label = by === 'release' ? (r.title ?? 'Not matched to a release') : key;
    const g = groups.get(key) ?? { key, label, micro: 0n, shareUnits: 0n, units: 0 };
    const micro = BigInt(r.amount_micro_usd);
    g.micro += micro;
    g.shareUnits += micro * BigInt(r.share_bps ?? 0);
    g.units += Number(r.units);
    groups.set(key, g);
  }
  const list = [...groups.values()].sort((a, b) => (by === 'month' ? a.key.localeCompare(b.key) : b.micro > a.micro ? 1 : b.micro < a.micro ? -1 : a.key.localeCompare(b.key)));
  const amounts = allocateCents(list.map((g) => g.micro), MICRO_PER_CENT);
  const shares = allocateCents(list.map((g) => g.shareUnits), MICRO_PER_CENT * 10_000n);
  return list.map((g, i) => ({ key: g.key, label: g.label, amount_usd: centsToUsd(amounts[i]), member_share_usd: centsToUsd(shares[i]), units: g.units }));
}

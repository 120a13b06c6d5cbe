/**
 * GET /earnings (earnings:read): revenue from committed statements, in dollars, grouped by month
 * (default), release or store over the last `months` months (1-60, default 12). Amounts are summed
 * exactly and rounded once (money.ts): each column's rows add up to its rounded total to the cent.
 * `member_share_usd` applies each member's share (admin `member share`) to the rows of its releases.
 */
import type { RouteSpec } from '../http/route-spec.js';
import { now } from '../clock.js';
import { allocateCents, centsToUsd, MICRO_PER_CENT } from './money.js';
import './tables.js';

/** The first month of a window of `months` months ending with the current one (YYYY-MM). */
export function windowStart(months: number, at: Date = now()): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (months - 1), 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const earningsRoute: RouteSpec = {
  method: 'GET',
  path: '/earnings',
  operationId: 'getEarnings',
  summary: 'Revenue from committed store statements',
  description:
    '`by`: month (default), release or store; `months`: 1-60 (default 12), counted back from the current month. Rows: `key` (YYYY-MM, the release id or `unmatched`, the store key), `label`, `amount_usd`, `member_share_usd`, `units`. ' +
    'Money is summed exactly (statement amounts times their rates, in millionths of a dollar) and rounded once: the total to the cent, half away from zero, then each row its cents by the largest remainder, so the rows add up to the total exactly.',
  scope: 'earnings:read',
  querystring: 'earnings-query.schema.json',
  success: { status: 200, schema: 'earnings-response.schema.json', description: 'Earnings' },
  errors: [{ status: 400, codes: ['invalid'] }],
  async handler(ctx, caller, request) {
    const q = request.query as { by?: 'month' | 'release' | 'store'; months?: string };
    const by = q.by ?? 'month';
    const months = q.months ? Number(q.months) : 12;
    const rows = await ctx.db
      .selectFrom('statement_rows')
      .innerJoin('statements', 'statements.id', 'statement_rows.statement_id')
      .leftJoin('member_shares', 'member_shares.member_id', 'statement_rows.member_id')
      .leftJoin('releases', 'releases.id', 'statement_rows.release_id')
      .select(['statement_rows.period', 'statement_rows.store', 'statement_rows.release_id', 'statement_rows.units', 'statement_rows.amount_micro_usd', 'member_shares.share_bps', 'releases.title'])
      .where('statement_rows.account_id', '=', caller.account.id)
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
    return {
      by,
      months,
      currency: 'USD',
      data: list.map((g, i) => ({ key: g.key, label: g.label, amount_usd: centsToUsd(amounts[i]), member_share_usd: centsToUsd(shares[i]), units: g.units })),
    };
  },
};

export const EARNINGS_ROUTES: RouteSpec[] = [earningsRoute];

/**
 * GET /earnings (earnings:read): revenue from committed statements, in dollars, grouped by month
 * (default), release or store over the last `months` months (1-60, default 12); the query is
 * earnings-report.ts, shared with the dashboard's Money page.
 */
import type { RouteSpec } from '../http/route-spec.js';
import { earningsReport, type EarningsBy } from './earnings-report.js';

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
    const q = request.query as { by?: EarningsBy; months?: string };
    const by = q.by ?? 'month';
    const months = q.months ? Number(q.months) : 12;
    return { by, months, currency: 'USD', data: await earningsReport(ctx.db, caller.account.id, by, months) };
  },
};

export const EARNINGS_ROUTES: RouteSpec[] = [earningsRoute];

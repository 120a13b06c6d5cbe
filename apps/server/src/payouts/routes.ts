/** GET /payouts (payouts:read): the balance and the payouts, newest first (spec 2.7, 4.3). */
import type { RouteSpec } from '../http/route-spec.js';
import { balanceOf, listPayouts } from './balance.js';

export const payoutsRoute: RouteSpec = {
  method: 'GET',
  path: '/payouts',
  operationId: 'getPayouts',
  summary: 'Balance and payouts',
  description:
    'Balance in cents: earned (committed statements, summed exactly and rounded once), manual (staff adjustments), reserved (payouts requested or approved), paid (payouts completed), available = earned + manual - reserved - paid. ' +
    'Payout `status`: requested, approved, completed, failed (`failed_reason` says why; its amount is available again).',
  scope: 'payouts:read',
  success: { status: 200, schema: 'payouts-response.schema.json', description: 'Balance and payouts' },
  errors: [],
  async handler(ctx, caller) {
    return { balance: await balanceOf(ctx.db, ctx.dialect, caller.account.id), data: await listPayouts(ctx.db, caller.account.id) };
  },
};

export const PAYOUT_ROUTES: RouteSpec[] = [payoutsRoute];

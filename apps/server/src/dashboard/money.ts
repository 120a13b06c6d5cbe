/**
 * The dashboard's Money page: the balance, earnings by month (chart and table), by release and by
 * store, and the payouts, read through the services GET /earnings and GET /payouts use
 * (earnings-report.ts, payouts/balance.ts), for the months chosen (3 to 36, 12 by default).
 */
import { dashboardPage, html } from './layout.js';
import { signedIn, type DashboardPage } from './page.js';
import { balanceOf, listPayouts } from '../payouts/balance.js';
import { now } from '../clock.js';
import { earningsReport, windowStart } from '../earnings/earnings-report.js';
import { upcsOf } from '../releases/list-releases.js';
import { balanceCards, earningsByMonth, MONEY, MONTH_CHOICES, moneyTabs, monthsForm, payoutsTable, rankedTable } from './money-views.js';

export const MONEY_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: MONEY,
    auth: { via: ['session'], scope: 'earnings:read' },
    async handler(ctx, request, reply) {
      const caller = signedIn(request);
      const asked = Number((request.query as { months?: string }).months);
      const months = (MONTH_CHOICES as readonly number[]).includes(asked) ? asked : 12;
      const accountId = caller.account.id;
      const [byMonth, byRelease, byStore, balance, payouts] = await Promise.all([
        earningsReport(ctx.db, accountId, 'month', months),
        earningsReport(ctx.db, accountId, 'release', months),
        earningsReport(ctx.db, accountId, 'store', months),
        balanceOf(ctx.db, ctx.dialect, accountId),
        listPayouts(ctx.db, accountId),
      ]);
      // Albums often share a title across editions: the UPC tells them apart.
      const upcs = await upcsOf(ctx.db, accountId, byRelease.filter((r) => /^\d+$/.test(r.key)).map((r) => Number(r.key)));
      const last = windowStart(1, now());
      return dashboardPage(reply, {
        title: 'Money',
        section: 'money',
        caller,
        body: html`${moneyTabs('overview')}
${balanceCards(balance)}
${monthsForm(months)}
${earningsByMonth(byMonth, windowStart(months, now()), last)}
<div class="columns">
${rankedTable(byRelease, { id: 'by-release-heading', heading: 'By release', keyHeader: 'Release', detail: (r) => (upcs.has(Number(r.key)) ? `UPC ${upcs.get(Number(r.key))}` : undefined) })}
${rankedTable(byStore, { id: 'by-store-heading', heading: 'By store', keyHeader: 'Store' })}
</div>
${payoutsTable(payouts)}`,
      });
    },
  },
];

/**
 * The markup of the dashboard's Money section: its tabs, the balance, earnings by month (the chart
 * and the same figures as a table), by release and by store, and the payouts. Draws only; the
 * pages (money.ts, money-lists.ts) read through the same services as the API.
 */
import { html, trusted, when, type SafeHtml } from './layout.js';
import type { EarningsRow } from '../earnings/earnings-report.js';
import { earningsChartSvg, everyMonth, monthName, usd } from './earnings-chart.js';

export const MONEY = '/dashboard/money';
export const MONTH_CHOICES = [3, 6, 12, 24, 36] as const;

const TABS = [
  { id: 'overview', label: 'Earnings and payouts', href: MONEY },
  { id: 'members', label: 'Members', href: `${MONEY}/members` },
  { id: 'releases', label: 'Releases', href: `${MONEY}/releases` },
  { id: 'links', label: 'Smartlinks', href: `${MONEY}/links` },
] as const;

export type MoneyTab = (typeof TABS)[number]['id'];

export function moneyTabs(current: MoneyTab): SafeHtml {
  return html`<nav class="tabs" aria-label="Money"><ul>${TABS.map((t) => html`<li><a href="${t.href}"${t.id === current ? html` aria-current="page"` : ''}>${t.label}</a></li>`)}</ul></nav>`;
}

const cents = (n: number) => usd(n / 100);
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export interface Balance {
  earned_cents: number;
  manual_cents: number;
  reserved_cents: number;
  paid_cents: number;
  available_cents: number;
}

export function balanceCards(b: Balance): SafeHtml {
  return html`<section aria-labelledby="balance-heading"><h2 id="balance-heading">Balance</h2>
<dl class="stats">
<div class="stat stat-main"><dt>Available</dt><dd>${cents(b.available_cents)}</dd></div>
<div class="stat"><dt>Earned</dt><dd>${cents(b.earned_cents)}</dd></div>
<div class="stat"><dt>Adjustments</dt><dd>${cents(b.manual_cents)}</dd></div>
<div class="stat"><dt>Reserved for payouts</dt><dd>${cents(b.reserved_cents)}</dd></div>
<div class="stat"><dt>Paid out</dt><dd>${cents(b.paid_cents)}</dd></div>
</dl>
<p class="hint">Available = earned + adjustments − reserved − paid. Earned counts committed store statements only.</p></section>`;
}

export function monthsForm(months: number): SafeHtml {
  return html`<form method="get" action="${MONEY}" class="filters" aria-label="Choose the months shown">
<div class="field"><label for="months">Period</label><select id="months" name="months">${MONTH_CHOICES.map((m) => html`<option value="${m}"${m === months ? html` selected` : ''}>Last ${m} months</option>`)}</select></div>
<div class="buttons"><button type="submit">Show</button></div></form>`;
}

/** The chart, then the same months as a table: what a screen reader or a copy-paste reads. */
export function earningsByMonth(rows: EarningsRow[], first: string, last: string): SafeHtml {
  const months = everyMonth(rows.map((r) => ({ month: r.key, amount_usd: r.amount_usd })), first, last);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const totalCents = rows.reduce((s, r) => s + Math.round(r.amount_usd * 100), 0);
  const totalUnits = rows.reduce((s, r) => s + r.units, 0);
  const shareCents = rows.reduce((s, r) => s + Math.round(r.member_share_usd * 100), 0);
  // Made by earnings-chart.ts, which escapes every text it writes.
  const chart = trusted(earningsChartSvg(months, { id: 'earnings-chart' }));
  return html`<section aria-labelledby="by-month-heading"><h2 id="by-month-heading">Earnings by month</h2>
<figure class="chart-figure">${chart}
<figcaption class="hint">${rows.length ? `${usd(totalCents / 100)} from ${count(totalUnits, 'unit')} over ${count(months.length, 'month')}.` : 'No committed statement in this period.'} The table below gives every month's figures.</figcaption></figure>
<div class="table-wrap"><table class="numbers">
<caption>Earnings by month, ${monthName(first)} to ${monthName(last)}</caption>
<thead><tr><th scope="col">Month</th><th scope="col">Earnings</th><th scope="col">Units</th><th scope="col">Members' share</th></tr></thead>
<tbody>${[...months].reverse().map((m) => {
    const r = byKey.get(m.month);
    return html`<tr><th scope="row">${monthName(m.month)}</th><td>${usd(r?.amount_usd ?? 0)}</td><td>${(r?.units ?? 0).toLocaleString('en-US')}</td><td>${usd(r?.member_share_usd ?? 0)}</td></tr>`;
  })}</tbody>
<tfoot><tr><th scope="row">Total</th><td>${usd(totalCents / 100)}</td><td>${totalUnits.toLocaleString('en-US')}</td><td>${usd(shareCents / 100)}</td></tr></tfoot>
</table></div></section>`;
}

/** Earnings by release or by store, largest first. */
export function rankedTable(rows: EarningsRow[], o: { id: string; heading: string; keyHeader: string; detail?: (r: EarningsRow) => string | undefined }): SafeHtml {
  const body = rows.length
    ? html`<div class="table-wrap"><table class="numbers">
<caption class="visually-hidden">${o.heading}, largest first</caption>
<thead><tr><th scope="col">${o.keyHeader}</th><th scope="col">Earnings</th><th scope="col">Units</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><th scope="row">${r.label}${o.detail?.(r) ? html`<br><span class="muted">${o.detail(r)}</span>` : ''}</th><td>${usd(r.amount_usd)}</td><td>${r.units.toLocaleString('en-US')}</td></tr>`)}</tbody></table></div>`
    : html`<p class="empty">Nothing in this period.</p>`;
  return html`<section aria-labelledby="${o.id}"><h2 id="${o.id}">${o.heading}</h2>${body}</section>`;
}

const PAYOUT_STATUS: Record<string, string> = { requested: 'badge-wait', approved: 'badge-wait', completed: 'badge-ok', failed: 'badge-bad' };

export interface PayoutRow {
  id: number;
  amount_cents: number;
  status: string;
  failed_reason: string | null;
  created_at: string;
  approved_at: string | null;
  completed_at: string | null;
}

export function payoutsTable(payouts: PayoutRow[]): SafeHtml {
  const body = payouts.length
    ? html`<div class="table-wrap"><table>
<caption class="visually-hidden">Payouts, newest first</caption>
<thead><tr><th scope="col">Requested</th><th scope="col" class="num">Amount</th><th scope="col">Status</th><th scope="col">Approved</th><th scope="col">Paid</th></tr></thead>
<tbody>${payouts.map(
        (p) => html`<tr><td>${when(p.created_at)}</td><td class="num">${cents(p.amount_cents)}</td><td><span class="badge ${PAYOUT_STATUS[p.status] ?? ''}">${p.status}</span>${p.failed_reason ? html`<br><span class="muted">${p.failed_reason}</span>` : ''}</td><td>${when(p.approved_at)}</td><td>${when(p.completed_at)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="empty">No payout yet.</p>`;
  return html`<section aria-labelledby="payouts-heading"><h2 id="payouts-heading">Payouts</h2>${body}</section>`;
}

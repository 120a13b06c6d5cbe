/**
 * Earnings by month as an inline SVG bar chart, drawn on the server: no script, no chart library,
 * nothing fetched. Every month of the window has its bar (a month without revenue shows as zero,
 * so the axis never skips), the axis steps are round amounts, and each bar carries its month and
 * amount as a tooltip. The chart is an image for assistive technology (`role="img"` with a
 * title and a description giving the total and the best month); the page puts the same figures
 * in a table beside it, which is what a screen reader reads.
 */
import { escapeHtml } from '../http/page-route.js';

export interface MonthAmount {
  /** YYYY-MM. */
  month: string;
  amount_usd: number;
}

const WIDTH = 720;
const HEIGHT = 260;
const PLOT = { left: 64, right: 12, top: 16, bottom: 40 };
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const usdShort = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: amount >= 10_000 ? 'compact' : 'standard', maximumFractionDigits: amount >= 10_000 ? 1 : 0 }).format(amount);

/** `2026-03` -> `March 2026`. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Every month from `first` to `last` (YYYY-MM, inclusive), with the amounts of `rows` and zero elsewhere. */
export function everyMonth(rows: MonthAmount[], first: string, last: string): MonthAmount[] {
  const amounts = new Map(rows.map((r) => [r.month, r.amount_usd]));
  const out: MonthAmount[] = [];
  let [y, m] = first.split('-').map(Number);
  for (let guard = 0; guard < 120; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push({ month, amount_usd: amounts.get(month) ?? 0 });
    if (month >= last) break;
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
  return out;
}

/** A round step (1, 2 or 5 times a power of ten) giving about four gridlines up to `max`. */
function niceStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  return step;
}

/** Bars of `months` (oldest first); an account with no revenue gets an empty axis and says so. */
export function earningsChartSvg(months: MonthAmount[], o: { id: string }): string {
  const max = Math.max(0, ...months.map((m) => m.amount_usd));
  const step = max > 0 ? niceStep(max) : 100;
  const top = max > 0 ? Math.ceil(max / step) * step : 4 * step;
  const plotW = WIDTH - PLOT.left - PLOT.right;
  const plotH = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (amount: number) => PLOT.top + plotH - (Math.max(0, amount) / top) * plotH;
  const slot = plotW / Math.max(1, months.length);
  const barW = Math.max(4, Math.min(40, slot * 0.62));

  const grid: string[] = [];
  for (let v = 0; v <= top + step / 2; v += step) {
    const gy = y(v).toFixed(1);
    grid.push(`<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${gy}" y2="${gy}" class="chart-grid"/>`);
    grid.push(`<text x="${PLOT.left - 8}" y="${gy}" class="chart-axis" text-anchor="end" dominant-baseline="middle">${escapeHtml(usdShort(v))}</text>`);
  }
  // With many months, every other (or third) label keeps them from running into each other.
  const labelEvery = Math.ceil(months.length / 12);
  const bars = months.map((m, i) => {
    const x = PLOT.left + slot * i + (slot - barW) / 2;
    const top = y(m.amount_usd);
    const height = PLOT.top + plotH - top;
    const [year, mm] = m.month.split('-');
    const showLabel = i % labelEvery === 0;
    const showYear = showLabel && (i === 0 || mm === '01');
    const cx = (x + barW / 2).toFixed(1);
    return (
      `<g class="chart-bar"><title>${escapeHtml(`${monthName(m.month)}: ${usd(m.amount_usd)}`)}</title>` +
      `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barW.toFixed(1)}" height="${Math.max(0, height).toFixed(1)}" rx="2"/></g>` +
      (showLabel ? `<text x="${cx}" y="${HEIGHT - PLOT.bottom + 16}" class="chart-axis" text-anchor="middle">${MONTH_NAMES[Number(mm) - 1]}</text>` : '') +
      (showYear ? `<text x="${cx}" y="${HEIGHT - PLOT.bottom + 31}" class="chart-axis chart-year" text-anchor="middle">${year}</text>` : '')
    );
  });
  // Amounts are whole cents: summed as cents, so no float error shows in the text.
  const totalCents = months.reduce((sum, m) => sum + Math.round(m.amount_usd * 100), 0);
  const best = months.reduce<MonthAmount | null>((b, m) => (m.amount_usd > (b?.amount_usd ?? 0) ? m : b), null);
  const range = months.length ? `${monthName(months[0].month)} to ${monthName(months[months.length - 1].month)}` : 'no months';
  const description = best ? `${usd(totalCents / 100)} in all from ${range}; the best month was ${monthName(best.month)} with ${usd(best.amount_usd)}.` : `No revenue from ${range}.`;
  const empty = best ? '' : `<text x="${PLOT.left + plotW / 2}" y="${PLOT.top + plotH / 2}" class="chart-empty" text-anchor="middle">No committed statements in these months yet</text>`;
  return (
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${o.id}-title ${o.id}-desc" preserveAspectRatio="xMidYMid meet">` +
    `<title id="${o.id}-title">Earnings by month</title><desc id="${o.id}-desc">${escapeHtml(description)}</desc>` +
    grid.join('') +
    `<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${PLOT.top + plotH}" y2="${PLOT.top + plotH}" class="chart-baseline"/>` +
    bars.join('') +
    empty +
    `</svg>`
  );
}

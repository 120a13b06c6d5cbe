/** The earnings chart's SVG: every month a bar, heights in proportion, the figures named for assistive technology. */
import { describe, expect, it } from 'vitest';
import { earningsChartSvg, everyMonth } from './earnings-chart.js';

const heights = (svg: string) => [...svg.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));

describe('earnings chart', () => {
  it('fills the months without revenue with zero, across a new year', () => {
    const months = everyMonth([{ month: '2025-11', amount_usd: 10 }, { month: '2026-02', amount_usd: 5 }], '2025-10', '2026-03');
    expect(months.map((m) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(months.map((m) => m.amount_usd)).toEqual([0, 10, 0, 0, 5, 0]);
  });

  it('draws one bar a month, heights in proportion to the amounts', () => {
    const svg = earningsChartSvg(everyMonth([{ month: '2026-01', amount_usd: 400 }, { month: '2026-02', amount_usd: 100 }, { month: '2026-03', amount_usd: 200 }], '2026-01', '2026-03'), { id: 'c' });
    const h = heights(svg);
    expect(h).toHaveLength(3);
    expect(h[0] / h[1]).toBeCloseTo(4, 1);
    expect(h[2] / h[1]).toBeCloseTo(2, 1);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="c-title c-desc"');
    expect(svg).toMatch(/<desc id="c-desc">\$700\.00 in all from January 2026 to March 2026; the best month was January 2026 with \$400\.00\.<\/desc>/);
    expect(svg).toContain('<title>February 2026: $100.00</title>');
    // The axis goes to a round amount at or above the best month.
    expect(svg).toMatch(/>\$400</);
  });

  it('says so when there is no revenue, and escapes nothing it should not', () => {
    const svg = earningsChartSvg(everyMonth([], '2026-01', '2026-02'), { id: 'e' });
    expect(heights(svg)).toEqual([0, 0]);
    expect(svg).toContain('No committed statements in these months yet');
    expect(svg).toContain('No revenue from January 2026 to February 2026.');
  });
});

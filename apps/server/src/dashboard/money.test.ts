/**
 * The dashboard's Money section (issue 43), in Chromium against the real server, on realistic
 * data put in the way staff put it: two deliveries make the catalog, a store statement of six
 * months over three stores and two currencies is imported and committed (`admin statement`), a
 * member gets a share, payouts are requested and paid, a smartlink is visited. Every figure the
 * pages show is compared with what the API answers for the same account: the balance, the chart's
 * bars and its table, by release and by store, the payouts, and the members', releases' and
 * smartlinks' lists with their counts. axe, the keyboard and a screenshot on every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';
import { checkA11y, launchBrowser, makeUser, screenshot, signInBrowser } from '../../test/support/browser.js';
import { expectEveryControlByKeyboard } from '../../test/support/keyboard.js';

const month = (back: number) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const monthName = (key: string) => new Date(`${key}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

interface Row {
  key: string;
  label: string;
  amount_usd: number;
  units: number;
  member_share_usd: number;
}

describe.each(backends())('dashboard: money ($name)', (backend) => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  const api = async (p: string) => {
    const response = await server.fetch(`/v1${p}`, { headers: bearer(account.key) });
    expect(response.status, p).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['ddex:write', 'earnings:read', 'payouts:read', 'members:read', 'catalog:read', 'links:read'] });
    const releases: { id: number; upc: string }[] = [];
    for (const query of ['', `?member_id=${account.memberId}`]) {
      const { zip, upc } = await albumZip();
      const done = await waitForDelivery(server, account.key, (await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip', query })).id);
      releases.push({ id: done.release_ids[0], upc });
    }
    // Six months of a statement, growing towards now, over three stores; a quarter in euros.
    const stores = ['spotify', 'apple_music', 'deezer'];
    const lines = ['store,period,upc,isrc,units,amount,currency'];
    for (let back = 5; back >= 0; back--) {
      for (let i = 0; i < 12; i++) {
        const amount = `${(6 - back) * 9 + (i % 5) * 3 + 1}.${String((i * 37 + back * 11) % 100).padStart(2, '0')}`;
        lines.push([stores[i % 3], month(back), releases[i % 2].upc, '', String(40 + i * 7 + (6 - back) * 10), amount, i % 4 === 0 ? 'EUR' : 'USD'].join(','));
      }
    }
    const file = path.join(server.dataDir, 'statement.csv');
    fs.writeFileSync(file, lines.join('\n') + '\n');
    const imported = await server.admin<{ statement_id: number; imported: number }>('statement', 'import', '--account', String(account.accountId), '--file', file, '--rate', 'EUR=1.0842');
    expect(imported.imported).toBe(72);
    await server.admin('statement', 'commit', '--id', String(imported.statement_id));
    await server.admin('member', 'share', '--id', String(account.memberId), '--percent', '70');
    await server.admin('balance', 'adjust', '--account', String(account.accountId), '--cents', '2500', '--note', 'Sync fee');
    const paid = await server.admin<{ id: number }>('payout', 'request', '--account', String(account.accountId), '--amount-cents', '30000');
    await server.admin('payout', 'approve', '--id', String(paid.id));
    await server.admin('payout', 'complete', '--id', String(paid.id));
    await server.admin('payout', 'request', '--account', String(account.accountId), '--amount-cents', '12550');
    await server.admin('link', 'create', '--release', String(releases[0].id), '--slug', `money-${backend.name}-${account.accountId}`, '--artist', 'The Lamplighters', '--store', 'spotify=https://open.spotify.test/album/1');
    for (let i = 0; i < 3; i++) expect((await server.fetch(`/l/money-${backend.name}-${account.accountId}`)).status).toBe(200);

    browser = await launchBrowser();
    const user = await makeUser(server, account.accountId);
    page = (await signInBrowser(browser, server, user)).page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The cells of each body row of the table captioned or labelled `name`. */
  const tableRows = (locator: ReturnType<Page['locator']>) => locator.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));

  it('shows the balance, the chart, its table, by release, by store and the payouts as the API answers them', async () => {
    await page.goto('/dashboard/money');
    const { balance, data: payouts } = await api('/payouts');
    expect(balance.available_cents).toBe(balance.earned_cents + 2500 - 12550 - 30000);
    expect(await page.locator('.stat-main dd').innerText()).toBe(usd(balance.available_cents / 100));
    expect(await page.locator('.stats').innerText()).toContain(usd(balance.earned_cents / 100));

    const byMonth = (await api('/earnings?by=month')).data as Row[];
    expect(byMonth.map((r) => r.key)).toEqual([5, 4, 3, 2, 1, 0].map(month));
    // Twelve bars, the six months without revenue at zero height, each other in proportion to its amount.
    const bars = await page.locator('svg.chart rect').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
    expect(bars).toHaveLength(12);
    expect(bars.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    const top = Math.max(...byMonth.map((r) => r.amount_usd));
    const tallest = Math.max(...bars);
    byMonth.forEach((r, i) => expect(bars[6 + i] / tallest).toBeCloseTo(r.amount_usd / top, 2));
    expect(await page.locator('svg.chart').getAttribute('role')).toBe('img');
    const total = byMonth.reduce((s, r) => s + Math.round(r.amount_usd * 100), 0) / 100;
    expect(await page.locator('svg.chart desc').textContent()).toContain(`${usd(total)} in all`);

    // The table alternative: every month, newest first, with the API's figures.
    const monthTable = await tableRows(page.locator('table', { has: page.locator('caption', { hasText: 'Earnings by month' }) }));
    expect(monthTable).toHaveLength(12);
    for (const r of byMonth) expect(monthTable).toContainEqual([monthName(r.key), usd(r.amount_usd), r.units.toLocaleString('en-US'), usd(r.member_share_usd)]);
    expect(monthTable[11]).toEqual([monthName(month(11)), usd(0), '0', usd(0)]);

    const byRelease = (await api('/earnings?by=release')).data as Row[];
    const byStore = (await api('/earnings?by=store')).data as Row[];
    const releases = new Map(((await api('/releases')).data as { id: number; upc: string }[]).map((r) => [String(r.id), r.upc]));
    expect(await tableRows(page.locator('section[aria-labelledby="by-release-heading"] table'))).toEqual(byRelease.map((r) => [`${r.label}\nUPC ${releases.get(r.key)}`, usd(r.amount_usd), r.units.toLocaleString('en-US')]));
    expect(await tableRows(page.locator('section[aria-labelledby="by-store-heading"] table'))).toEqual(byStore.map((r) => [r.label, usd(r.amount_usd), r.units.toLocaleString('en-US')]));

    const payoutRows = await tableRows(page.locator('section[aria-labelledby="payouts-heading"] table'));
    expect(payoutRows.map((r) => [r[1], r[2]])).toEqual(payouts.map((p: { amount_cents: number; status: string }) => [usd(p.amount_cents / 100), p.status]));
    expect(payoutRows.map((r) => r[2])).toEqual(['requested', 'completed']);

    await checkA11y(page);
    await expectEveryControlByKeyboard(page);
    await screenshot(page, 'money-overview');
  });

  it('narrows the period with the keyboard: three months, figures as GET /earnings?months=3', async () => {
    await page.goto('/dashboard/money');
    await page.getByRole('combobox', { name: 'Period' }).selectOption('3');
    await page.getByRole('button', { name: 'Show' }).focus();
    await Promise.all([page.waitForURL(/months=3/), page.keyboard.press('Enter')]);
    expect(await page.locator('svg.chart rect').count()).toBe(3);
    const byStore = (await api('/earnings?by=store&months=3')).data as Row[];
    expect(await tableRows(page.locator('section[aria-labelledby="by-store-heading"] table'))).toEqual(byStore.map((r) => [r.label, usd(r.amount_usd), r.units.toLocaleString('en-US')]));
    await checkA11y(page);
  });

  it("lists the members, releases and smartlinks with the API's counts", async () => {
    const members = (await api('/members')).data as { id: number; name: string; releases: number }[];
    await page.goto('/dashboard/money');
    await page.getByRole('navigation', { name: 'Money' }).getByRole('link', { name: 'Members' }).click();
    await page.waitForURL('**/dashboard/money/members');
    const memberRows = await tableRows(page.locator('main table'));
    expect(memberRows.map((r) => [r[0], r[4]])).toEqual(members.map((m) => [m.name, String(m.releases)]));
    expect(await page.locator('.lead').innerText()).toContain(`${members.length} members`);
    await checkA11y(page);
    await expectEveryControlByKeyboard(page);
    await screenshot(page, 'money-members');

    const releases = (await api('/releases')).data as { title: string; upc: string; release_status: string }[];
    await page.getByRole('navigation', { name: 'Money' }).getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL('**/dashboard/money/releases');
    const releaseRows = await tableRows(page.locator('main table'));
    expect(releaseRows.map((r) => [r[0], r[1]])).toEqual(releases.map((r) => [r.title, r.upc]));
    expect(await page.locator('.lead').innerText()).toMatch(new RegExp(`^${releases.length} releases: ${releases.length} in review\\.`));
    await checkA11y(page);
    await expectEveryControlByKeyboard(page);
    await screenshot(page, 'money-releases');
    // One member's releases, reached from its count.
    await page.goto('/dashboard/money/members');
    const artist = members.find((m) => m.id === account.memberId)!;
    await page.getByRole('link', { name: `1 release of ${artist.name}` }).click();
    expect((await tableRows(page.locator('main table'))).length).toBe(1);

    const links = (await api('/links')).data as { title: string; views: number; clicks: number; presaves: number }[];
    expect(links[0].views).toBe(3);
    await page.getByRole('navigation', { name: 'Money' }).getByRole('link', { name: 'Smartlinks' }).click();
    await page.waitForURL('**/dashboard/money/links');
    const linkRows = await tableRows(page.locator('main table'));
    expect(linkRows.map((r) => [r[0].split('\n')[0], r[2], r[3], r[4]])).toEqual(links.map((l) => [l.title, String(l.views), String(l.clicks), String(l.presaves)]));
    expect(await page.locator('.lead').innerText()).toContain('1 link with 3 views');
    await checkA11y(page);
    await expectEveryControlByKeyboard(page);
    await screenshot(page, 'money-links');
  });

  it("shows nothing of another account's money or catalog", async () => {
    const other = await setUpAccount(server, { scopes: ['earnings:read'] });
    const user = await makeUser(server, other.accountId);
    const { context, page: theirs } = await signInBrowser(browser, server, user);
    await theirs.goto('/dashboard/money');
    expect(await theirs.locator('.stat-main dd').innerText()).toBe(usd(0));
    expect(await theirs.locator('svg.chart rect').evaluateAll((rects) => rects.every((r) => Number(r.getAttribute('height')) === 0))).toBe(true);
    expect(await theirs.getByText('No payout yet.').isVisible()).toBe(true);
    await theirs.goto(`/dashboard/money/releases?member=${account.memberId}`);
    expect(await theirs.getByText(/No release/).isVisible()).toBe(true);
    await checkA11y(theirs);
    await screenshot(theirs, 'money-empty');
    await context.close();
  });
});

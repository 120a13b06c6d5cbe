/**
 * The dashboard's DDEX section in Chromium (playwright-core) against the real server: a test run
 * by dropping the fixture batch on Test reports and its report read (grouped by release, each
 * finding with its place, DDEX path, source line and hint; its JSON downloaded); an upload's
 * progress seen moving (Chromium's network throttled to 256 KB/s up); each target
 * store's verdict, counts and what decided it, as the report's JSON says; an API dry run
 * and an SFTP /test run (the OpenSSH client) listed and filtered by source; the SFTP password
 * shown once and an SSH key checked; a ping and an SFTP connection test under Activity; a
 * delivery's status changing live from the event stream (no reload); another account's report
 * and delivery answering not found; the stream ended by sign-out. Every page: axe-core (no
 * serious or critical violation), reached by keyboard, a screenshot. A report of 5,000 checks is
 * rendered and its time printed (never asserted: the machine is shared).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Check, Report } from '@ddex-check/engine';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { sftpBatch, waitFor } from '../../test/support/sftp-client.js';
import { checkA11y, SCREENSHOTS_DIR, launchBrowser, makeUser, screenshot, signInBrowser, signInHttp, type TestUser } from '../../test/support/browser.js';
import { dbConfigFrom, openDb, type OpenDb } from '../db/connect.js';
import { storeTestReport } from '../test-reports/store.js';

const badIsrc = (xml: string) => xml.replace(/<ISRC>[^<]*<\/ISRC>/, '<ISRC>NOT-AN-ISRC</ISRC>');
/** A bad ISRC (a finding of the message) and a bad ICPN (a finding of release R0). */
const badIsrcAndUpc = (xml: string) => badIsrc(xml).replace(/<ICPN>[^<]*<\/ICPN>/, '<ICPN>12345</ICPN>');

/** Tabs through the page and answers the accessible names of what took the focus. */
async function tabStops(page: Page, max = 60): Promise<string[]> {
  await page.locator('body').focus();
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return '';
        const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
        return `${el.tagName.toLowerCase()}:${(label ?? el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 60)}`;
      }),
    );
  }
  return seen;
}

/** Drops `zip` on the Test reports page's zone (a real drop: a DataTransfer holding it as a File) and waits for its report's page. */
async function dropBatch(page: Page, zip: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'album.zip', { type: 'application/zip' }));
    return dt;
  }, zip.toString('base64'));
  await Promise.all([page.waitForURL(/\/dashboard\/ddex\/test-reports\/\d+$/, { timeout: 60_000 }), page.locator('[data-upload]').dispatchEvent('drop', { dataTransfer: transfer })]);
}

const VERDICT_WORDS: Record<string, string> = { would_import: 'Would import', would_import_with_warnings: 'Would import with warnings', would_be_flagged: 'flagged', would_be_rejected: 'Would be rejected' };

describe.each(backends())('dashboard, DDEX section ($name)', (backend) => {
  let server: TestServer;
  let browser: Browser;
  let open: OpenDb;
  let a: Awaited<ReturnType<typeof setUpAccount>>;
  let b: Awaited<ReturnType<typeof setUpAccount>>;
  let userA: TestUser;
  let userB: TestUser;
  let page: Page;
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'dash-ddex-'));
  let reportUrl = '';
  let deliveryId = 0;

  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100', DDEX_SERVER_TEST_PAUSE_BEFORE_IMPORT_MS: '1500' });
    a = await setUpAccount(server, { scopes: ['ddex:write'] });
    b = await setUpAccount(server, { scopes: ['ddex:write'] });
    userA = await makeUser(server, a.accountId);
    userB = await makeUser(server, b.accountId);
    open = openDb(dbConfigFrom(server.dataDir, server.env.DATABASE_URL));
    browser = await launchBrowser();
    page = (await signInBrowser(browser, server, userA)).page;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await open?.close();
    await server?.stop();
    fs.rmSync(local, { recursive: true, force: true });
  });

  it('runs a test by dropping the fixture batch and reads its report like the CLI\'s, and downloads it as JSON', async () => {
    await page.goto('/dashboard/ddex/test-reports');
    await checkA11y(page);
    await screenshot(page, 'ddex-test-reports-empty');
    const stops = await tabStops(page);
    expect(stops).toContain('input:Batch or message');
    expect(stops).toContain('button:Run test');
    expect(stops.some((s) => s.startsWith('select:'))).toBe(true);

    const { zip, upc } = await albumZip({ edit: badIsrcAndUpc });
    await dropBatch(page, zip);
    reportUrl = new URL(page.url()).pathname;

    await expect.poll(() => page.locator('.verdict-line').textContent()).toMatch(/Would be rejected|Would import|flagged/);
    const file = page.locator('.report-file', { has: page.locator('h3', { hasText: `${upc}.xml` }) });
    await expect.poll(() => file.count()).toBe(1);
    // Findings of the message first, then each release's under its heading, as the CLI prints them.
    const release = file.locator('h4', { hasText: 'Release R0' });
    expect(await release.textContent()).toMatch(/would be left out/);
    expect(await file.locator('h4 + ul.checks .check-error .rule').first().textContent()).toBe('codes-icpn-valid');
    const finding = file.locator('.check-error', { hasText: 'NOT-AN-ISRC' }).first();
    expect(await finding.locator('.where').textContent()).toMatch(/^\d+:\d+$/);
    expect(await finding.locator('.sub code').first().textContent()).toMatch(/^\/.*ISRC/);
    expect(await finding.locator('pre.source').textContent()).toContain('<ISRC>NOT-AN-ISRC</ISRC>');
    expect(await finding.locator('.hint-line').textContent()).toMatch(/hint\s+\S/);
    await checkA11y(page);
    await screenshot(page, 'ddex-test-report');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JSON' }).click()]);
    const json = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as Report;
    expect(json.checks.some((c) => c.message.includes('NOT-AN-ISRC') || c.field.includes('ISRC'))).toBe(true);
    expect(await page.locator('.verdict-line').textContent()).toContain(VERDICT_WORDS[json.verdict]);

    await page.goto('/dashboard/ddex/test-reports?source=dashboard');
    expect(await page.locator('tbody tr').count()).toBe(1);
  }, 120_000);

  it('lists an API dry run and an SFTP /test run, shows the SFTP password once, and sees a ping and a connection test under Activity', async () => {
    const api = await server.fetch('/v1/ddex/validate?name=from-api.zip', { method: 'POST', headers: { ...bearer(a.key), 'content-type': 'application/zip' }, body: (await albumZip()).zip });
    expect(api.status).toBe(200);

    await page.goto('/dashboard/ddex/connection');
    await checkA11y(page);
    const before = await page.locator('.activity-state[data-activity="api_ping"]').textContent();
    expect(before).toContain('Never seen');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: /SFTP password/ }).click();
    const password = (await page.locator('#sftp-password').textContent())!.trim();
    expect(password.length).toBeGreaterThan(15);
    const username = (await page.locator('.facts code').nth(2).textContent())!.trim();
    expect(await page.locator('.facts code').nth(1).textContent()).toBe(String(server.sftpPort));
    await screenshot(page, 'ddex-connection-password');
    await page.goto('/dashboard/ddex/connection');
    expect(await page.content()).not.toContain(password);

    // A bad key is refused saying why; a real one is listed by its fingerprint.
    await page.getByLabel('Add a public key').fill('ssh-ed25519 not-base64!!');
    await page.getByRole('button', { name: 'Add key' }).click();
    expect(await page.locator('.alert').textContent()).toMatch(/Key not added: not an SSH public key/);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'label@test', '-f', path.join(local, 'id')]);
    await page.getByLabel('Add a public key').fill(fs.readFileSync(path.join(local, 'id.pub'), 'utf8'));
    await page.getByRole('button', { name: 'Add key' }).click();
    expect(await page.locator('.notice').textContent()).toContain('SSH public key added');
    const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', path.join(local, 'id.pub')], { encoding: 'utf8' }).split(' ')[1];
    expect(await page.locator('.keys').textContent()).toContain(fingerprint);

    // SFTP /test: a message is tested; ping.txt is a connection test.
    const message = path.join(local, 'single.xml');
    fs.writeFileSync(message, badIsrc(fs.readFileSync(new URL('../../../../fixtures/batches/album-43/5012345678900.xml', import.meta.url), 'utf8')));
    fs.writeFileSync(path.join(local, 'ping.txt'), 'ping');
    const run = await sftpBatch({ port: server.sftpPort, user: username, password, cwd: local, commands: ['put single.xml /test/single.xml', 'put ping.txt /test/ping.txt'] });
    expect(run.code, run.output).toBe(0);
    expect((await server.fetch('/v1/ping', { headers: bearer(a.key) })).status).toBe(200);

    await waitFor('the SFTP test listed', async () => {
      await page.goto('/dashboard/ddex/test-reports?source=sftp');
      return (await page.locator('tbody tr', { hasText: 'single.xml' }).count()) === 1;
    });
    await page.goto('/dashboard/ddex/test-reports');
    const sources = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(sources.sort()).toEqual(['API', 'Dashboard', 'SFTP /test']);
    await page.goto('/dashboard/ddex/test-reports?source=api');
    expect(await page.locator('tbody tr').allTextContents()).toEqual([expect.stringContaining('from-api.zip')]);
    await checkA11y(page);
    await screenshot(page, 'ddex-test-reports');

    await page.goto('/dashboard/ddex/connection');
    expect(await page.locator('.activity-state[data-activity="api_ping"]').textContent()).toMatch(/Working: last seen/);
    expect(await page.locator('.activity-state[data-activity="sftp_connection_test"]').textContent()).toMatch(/Working: last seen/);
    expect(await page.locator('table.activity tbody tr').count()).toBe(2);
    await checkA11y(page);
    const stops = await tabStops(page);
    expect(stops.some((s) => /button:(Reset|Set) .*SFTP password/.test(s))).toBe(true);
    expect(stops).toContain('textarea:Add a public key');
    expect(stops).toContain('button:Add key');
    await screenshot(page, 'ddex-connection');

    // An account whose last ping was 10 days ago (moving the clock would end the session too).
    await open.db.insertInto('connection_activity').values({ account_id: b.accountId, key_id: b.keyId, kind: 'api_ping', ip: '127.0.0.1', user_agent: 'old client', at: new Date(Date.now() - 10 * 86_400_000 - 60_000).toISOString() }).execute();
    const pageB = (await signInBrowser(browser, server, userB)).page;
    await pageB.goto('/dashboard/ddex/connection');
    expect(await pageB.locator('.activity-state[data-activity="api_ping"]').textContent()).toContain('Not seen for 10 days');
    expect(await pageB.locator('.activity-state[data-activity="sftp_connection_test"]').textContent()).toContain('Never seen');
    await screenshot(pageB, 'ddex-connection-stale');
    await pageB.context().close();
  }, 180_000);

  it('shows an upload\'s progress while the batch goes up, then its report', async () => {
    await page.goto('/dashboard/ddex/test-reports');
    // Chromium's own network throttling (DevTools protocol): 1.5 MB at 256 KB/s take about 6 s to go up, so the bar is seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    try {
      const { zip } = await albumZip({ extra: { 'extras/liner-notes.bin': crypto.randomBytes(1536 * 1024) } });
      const seen = new Set<string>();
      let shot: Promise<unknown> | null = null;
      let disabledSeen = false;
      const watching = (async () => {
        while (!/\/test-reports\/\d+$/.test(page.url())) {
          const text = await page.locator('.upload-status').textContent().catch(() => null);
          if (text) seen.add(text);
          if (text?.startsWith('Uploading album.zip: ')) disabledSeen ||= await page.getByRole('button', { name: 'Run test' }).isDisabled().catch(() => false);
          // Once, half-way: what the person sees while the batch goes up.
          if (text && /: [3-6]\d%$/.test(text) && !shot) shot = screenshot(page, 'ddex-upload-progress').catch(() => undefined);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      await dropBatch(page, zip);
      await watching;
      await shot;
      const percents = [...seen].map((t) => /^Uploading album\.zip: (\d+)%$/.exec(t)?.[1]).filter((p) => p !== undefined).map(Number);
      // While it goes up, the button cannot start a second one.
      expect(disabledSeen).toBe(true);
      // Several steps strictly between nothing and all, in order of arrival.
      expect(percents.filter((p) => p > 0 && p < 100).length, [...seen].join(' | ')).toBeGreaterThanOrEqual(2);
      expect(await page.locator('.verdict-line').textContent()).toMatch(/Would|flagged/);
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
  }, 120_000);

  it('shows the verdict of each of the account\'s target stores, as the report says, and what decided it', async () => {
    await server.admin('stores', 'set', '--account', String(b.accountId), '--stores', 'spotify,youtube');
    const { page: pageB } = await signInBrowser(browser, server, userB);
    await pageB.goto('/dashboard/ddex/test-reports');
    await dropBatch(pageB, (await albumZip({ edit: badIsrcAndUpc })).zip);
    const table = pageB.getByRole('table', { name: 'Verdict per store' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.locator('tbody th').allTextContents()).toEqual(['Spotify', 'YouTube']);
    const [download] = await Promise.all([pageB.waitForEvent('download'), pageB.getByRole('link', { name: 'Download JSON' }).click()]);
    const json = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as Report;
    expect(Object.keys(json.stores ?? {})).toEqual(['spotify', 'youtube']);
    for (const [id, verdict] of Object.entries(json.stores!)) {
      const row = table.locator('tbody tr', { has: pageB.locator('th', { hasText: id === 'spotify' ? 'Spotify' : 'YouTube' }) });
      const cells = await row.locator('td').allTextContents();
      expect(cells[0]).toContain(VERDICT_WORDS[verdict.verdict]);
      expect(cells.slice(1, 4).map(Number)).toEqual([verdict.summary.errors, verdict.summary.warnings, verdict.summary.skipped]);
      // A rejected batch names what decided it (a rule or the store's requirement), never the empty mark.
      if (verdict.verdict === 'would_be_rejected') expect(cells[4]).not.toBe('—');
      for (const rule of verdict.base_errors) expect(cells[4]).toContain(rule);
      // The store's own findings follow under its name.
      const own = verdict.checks.filter((k) => k.status === 'error');
      if (own.length) expect(await pageB.locator('h3', { hasText: id === 'spotify' ? 'Spotify' : 'YouTube' }).locator('+ ul.checks .check-error').count()).toBe(own.length);
    }
    // The broken UPC and ISRC fail every store.
    expect(Object.values(json.stores!).every((v) => v.verdict === 'would_be_rejected')).toBe(true);
    await checkA11y(pageB);
    await screenshot(pageB, 'ddex-test-report-stores');
    await pageB.context().close();
  }, 120_000);

  it('shows a delivery\'s status changing live from the event stream, then its items', async () => {
    await page.goto('/dashboard/ddex/deliveries');
    await expect.poll(() => page.locator('.live-state').textContent()).toBe('Live updates: on.');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const { zip } = await albumZip({ edit: badIsrc });
    const posted = await server.fetch('/v1/ddex?name=live.zip', { method: 'POST', headers: { ...bearer(a.key), 'content-type': 'application/zip' }, body: zip });
    expect(posted.status).toBe(202);
    deliveryId = ((await posted.json()) as { data: { id: number } }).data.id;
    const badge = page.locator(`#delivery-${deliveryId} [data-status]`);
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Queued');
    await expect.poll(() => badge.textContent(), { timeout: 60_000 }).toMatch(/^(Done|Partial|Failed)$/);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await checkA11y(page);
    const stops = await tabStops(page);
    expect(stops).toContain(`a:#${deliveryId}`);
    await screenshot(page, 'ddex-deliveries');

    await page.locator(`#delivery-${deliveryId} a`).click();
    await page.waitForURL(`**/dashboard/ddex/deliveries/${deliveryId}`);
    expect(await page.locator('.items .item').count()).toBeGreaterThan(0);
    const delivery = await (await server.fetch(`/v1/ddex/${deliveryId}`, { headers: bearer(a.key) })).json();
    const withErrors = delivery.data.items.filter((i: { errors: unknown[] }) => i.errors.length);
    if (withErrors.length) expect(await page.locator('.items .check-error').count()).toBe(withErrors.reduce((n: number, i: { errors: unknown[] }) => n + i.errors.length, 0));
    await checkA11y(page);
    await screenshot(page, 'ddex-delivery');
  }, 150_000);

  it('answers not found for another account\'s report and delivery, and ends the stream at sign-out', async () => {
    const other = await signInHttp(server, userB);
    for (const p of [reportUrl, `${reportUrl}/report.json`, `/dashboard/ddex/deliveries/${deliveryId}`]) {
      const res = await other.fetch(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('NOT-AN-ISRC');
    }
    const own = await signInHttp(server, userA);
    expect((await own.fetch(reportUrl)).status).toBe(200);
    // The page's actions need the session's CSRF token: without it nothing runs.
    const before = await open.db.selectFrom('test_reports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const noToken = await own.fetch('/dashboard/ddex/test-reports?name=x.xml', { method: 'POST', headers: { 'content-type': 'application/xml', accept: 'application/json' }, body: '<a/>' });
    expect(noToken.status).toBe(403);
    expect((await open.db.selectFrom('test_reports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n);
    expect((await own.fetch('/dashboard/ddex/connection/password', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(403);

    const stream = await own.fetch('/dashboard/ddex/deliveries/events?after=0', { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    let text = '';
    // From seq 0, the account's delivery events so far come first.
    while (!text.includes(`"id":${deliveryId}`)) text += new TextDecoder().decode((await reader.read()).value);
    const signedOut = await own.fetch('/dashboard/sign-out', { method: 'POST', csrf: true, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(signedOut.status).toBeLessThan(400);
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
    }
    // Done: the read above ended because the server closed the stream.
  }, 60_000);

  it('renders a report of 5,000 checks in the browser (time printed, not asserted)', async () => {
    const checks: Check[] = Array.from({ length: 5000 }, (_, i) => ({
      stage: 'codes',
      rule: 'codes-isrc-syntax',
      label: 'ISRC syntax',
      status: i % 3 === 0 ? 'warning' : 'error',
      message: `ISRC "BAD${i}" is not 12 characters of country, registrant, year and designation`,
      field: `/NewReleaseMessage/ResourceList/SoundRecording[${i + 1}]/SoundRecordingEdition/ResourceId/ISRC`,
      line: 100 + i * 7,
      column: 13,
      file: 'big.xml',
      release: `R${(i % 50) + 1}`,
      hint: 'Write the ISRC as 12 characters, e.g. GBXYZ2600001, without dashes.',
    }));
    const lines: Record<string, string> = {};
    for (const c of checks) lines[String(c.line)] = `          <ISRC>BAD${c.line}</ISRC>`;
    const report: Report = {
      source: 'big.zip',
      ern_version: '4.3',
      verdict: 'would_be_rejected',
      summary: { messages: 1, releases: 50, pass: 0, warnings: 1667, errors: 3333, skipped: 0, needs_staff: 0 },
      checks,
      messages: [],
      releases: Array.from({ length: 50 }, (_, i) => ({ file: 'big.xml', reference: `R${i + 1}`, title: `Album ${i + 1}`, upc: null, kind: 'Album', outcome: 'left_out' as const, errors: 66, warnings: 33 })),
      would_create: { releases: [], recordings: [], artists: [] },
      engine: { version: 'test', schema_engine: 'test', started_at: new Date().toISOString(), duration_ms: 1 },
    };
    const id = await storeTestReport(open.db, { accountId: a.accountId, source: 'api', name: 'big.zip', report, sourceLines: { 'big.xml': lines } });
    const signed = (await signInBrowser(browser, server, userA)).page;
    await signed.goto(`/dashboard/ddex/test-reports/${id}`, { waitUntil: 'load' });
    expect(await signed.locator('li.check').count()).toBe(5000);
    expect(await signed.locator('pre.source').count()).toBe(5000);
    const timing = await signed.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { requestToLoad: nav.loadEventEnd - nav.requestStart, responseToLoad: nav.loadEventEnd - nav.responseStart, server: nav.responseStart - nav.requestStart, bytes: nav.transferSize || nav.encodedBodySize, firstPaint: paint?.startTime ?? null };
    });
    console.log(
      `5,000-check report: ${Math.round(timing.requestToLoad)} ms from request to load event (server answer ${Math.round(timing.server)} ms, browser ${Math.round(timing.responseToLoad)} ms from first byte to load; first contentful paint ${timing.firstPaint === null ? 'n/a' : Math.round(timing.firstPaint) + ' ms'}; ${Math.round(timing.bytes / 1024)} KiB)`,
    );
    // The viewport only: Chromium cannot capture a page this tall in one image.
    await signed.screenshot({ path: path.join(SCREENSHOTS_DIR, 'ddex-test-report-5000.png') });
    await signed.context().close();
  }, 120_000);
});

/**
 * The dashboard's Webhooks pages (issue 43), in Chromium against the real server: add an endpoint
 * pointing at an HTTPS receiver on loopback, copy its secret (shown once), send a test event and
 * see it in the log, verify what arrived with the `standardwebhooks` library, roll the secret and
 * verify with the new one (the old one no longer verifies), retry a delivery (same event id), edit
 * the events, delete. Then over HTTP: every form refused without its CSRF token, another account's
 * endpoint and delivery not found on every page and action, a secret never in a later page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { startHttpsReceiver } from '../../test/support/https-receiver.js';
import { checkA11y, launchBrowser, makeUser, screenshot, signInBrowser, signInHttp, type HttpSession } from '../../test/support/browser.js';
import { expectEveryControlByKeyboard } from '../../test/support/keyboard.js';

type Receiver = Awaited<ReturnType<typeof startHttpsReceiver>>;

/** Waits until the receiver holds `n` requests of `type`; answers them. */
async function nth(receiver: Receiver, type: string, n: number, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const got = receiver.received.filter((r) => JSON.parse(r.body).type === type);
    if (got.length >= n) return got;
    if (Date.now() > until) throw new Error(`receiver: ${got.length} ${type}, not ${n}, in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Reloads the page until `text` shows in the delivery log (the attempt's outcome is written just after the receiver answers). */
async function untilLogShows(page: Page, text: RegExp, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (text.test(await page.locator('table.log').innerText().catch(() => ''))) return;
    if (Date.now() > until) throw new Error(`the delivery log never showed ${text}`);
    await page.waitForTimeout(300);
    await page.reload();
  }
}

describe.each(backends())('dashboard: webhooks ($name)', (backend) => {
  let server: TestServer;
  let receiver: Receiver;
  let browser: Browser;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let other: Awaited<ReturnType<typeof setUpAccount>>;
  let session: HttpSession;
  let page: Page;
  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    server = await TestServer.start(backend, { WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: '1', WEBHOOKS_CA_FILE: receiver.cert, WEBHOOKS_FANOUT_MS: '200' });
    account = await setUpAccount(server, { scopes: ['webhooks:write'] });
    other = await setUpAccount(server, { scopes: ['webhooks:write'] });
    const user = await makeUser(server, account.accountId);
    browser = await launchBrowser();
    const signedIn = await signInBrowser(browser, server, user);
    page = signedIn.page;
    await signedIn.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    session = await signInHttp(server, user);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  const api = async (method: string, p: string, key: string, body?: unknown) => {
    const response = await server.fetch(`/v1${p}`, { method, headers: { ...bearer(key), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: response.status, body: await response.json() };
  };

  let endpointId = 0;
  let secret = '';

  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    await page.goto('/dashboard/webhooks');
    expect(await page.getByText('No endpoint yet').isVisible()).toBe(true);
    await checkA11y(page);
    await screenshot(page, 'webhooks-empty');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('Label ops');
    await page.getByLabel(/Delivery done/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.waitForSelector('#new-secret');
    secret = (await page.locator('#new-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    // The copy button puts exactly the secret on the clipboard; Copy and Continue take the keyboard.
    await expectEveryControlByKeyboard(page);
    await page.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await page.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
    await checkA11y(page);
    await screenshot(page, 'webhooks-secret-once');
    const listed = await api('GET', '/webhooks', account.key);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ url: receiver.url, description: 'Label ops', events: ['ddex.delivery.done'], enabled: true });
    expect(secret.startsWith(listed.body.data[0].secret_prefix)).toBe(true);
    endpointId = listed.body.data[0].id;

    // Never again: not on the list, not on the endpoint's page, not on a reload of either.
    await page.getByRole('link', { name: 'Continue to the endpoint' }).click();
    await page.waitForURL(`**/dashboard/webhooks/${endpointId}`);
    expect(await page.content()).not.toContain(secret);
    expect(await page.content()).toContain(listed.body.data[0].secret_prefix);
    for (const p of ['/dashboard/webhooks', `/dashboard/webhooks/${endpointId}`]) expect(await (await session.fetch(p)).text()).not.toContain(secret.slice(10));
  });

  it('sends a test event by keyboard, verified by the standardwebhooks library, and shows it in the log', async () => {
    await page.goto(`/dashboard/webhooks/${endpointId}`);
    // Every control of the page takes the focus by Tab; the test is sent with the keyboard alone.
    await expectEveryControlByKeyboard(page);
    await page.getByRole('button', { name: 'Send test event' }).focus();
    await Promise.all([page.waitForURL(/done=tested/), page.keyboard.press('Enter')]);
    expect(await page.getByRole('status').innerText()).toMatch(/Test event queued/);
    const [test] = await nth(receiver, 'webhook.test', 1);
    const event = new Webhook(secret).verify(test.body, test.headers) as { type: string; account_id: number; data: { endpoint_id: number } };
    expect(event).toMatchObject({ type: 'webhook.test', account_id: account.accountId, data: { endpoint_id: endpointId } });
    await untilLogShows(page, /webhook\.test[\s\S]*succeeded[\s\S]*HTTP 200/);
    await page.getByText('Payload').first().click();
    expect(await page.locator('table.log pre').first().innerText()).toContain(test.headers['webhook-id']);
    await checkA11y(page);
    await screenshot(page, 'webhooks-endpoint-log');
  });

  it('rolls the secret: the receiver verifies the next event with the new one, not with the old', async () => {
    await page.goto(`/dashboard/webhooks/${endpointId}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Roll secret' }).click();
    await page.waitForSelector('#new-secret');
    const rolled = (await page.locator('#new-secret').innerText()).trim();
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(secret);
    await checkA11y(page);
    await screenshot(page, 'webhooks-secret-rolled');
    await page.getByRole('link', { name: 'Continue to the endpoint' }).click();
    expect(await page.content()).not.toContain(rolled);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const tests = await nth(receiver, 'webhook.test', 2);
    const second = tests[1];
    expect(new Webhook(rolled).verify(second.body, second.headers)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(secret).verify(second.body, second.headers)).toThrow();
    secret = rolled;
  });

  it('retries a delivery with the same event id, signed with the current secret', async () => {
    await page.goto(`/dashboard/webhooks/${endpointId}`);
    await untilLogShows(page, /succeeded[\s\S]*succeeded/);
    const before = receiver.received.length;
    const firstId = receiver.received.find((r) => JSON.parse(r.body).type === 'webhook.test')!.headers['webhook-id'];
    // The log is newest first: the last Retry is the first test event's.
    await Promise.all([page.waitForURL(/done=retried/), page.getByRole('button', { name: /^Retry the webhook\.test delivery/ }).last().click()]);
    const until = Date.now() + 30_000;
    while (receiver.received.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const again = receiver.received[before];
    expect(again.headers['webhook-id']).toBe(firstId);
    expect(new Webhook(secret).verify(again.body, again.headers)).toMatchObject({ id: firstId });
  });

  it('edits the events and deletes the endpoint', async () => {
    await page.goto(`/dashboard/webhooks/${endpointId}`);
    await page.getByLabel(/Release approved/).check();
    await page.getByLabel('Description (optional)').fill('Label ops, releases too');
    await Promise.all([page.waitForURL(/done=saved/), page.getByRole('button', { name: 'Save changes' }).click()]);
    expect((await api('GET', `/webhooks/${endpointId}`, account.key)).body.data).toMatchObject({ events: ['ddex.delivery.done', 'release.approved'], description: 'Label ops, releases too' });
    // No event at all is refused on the page, with the choices kept.
    await page.getByLabel(/Delivery done/).uncheck();
    await page.getByLabel(/Release approved/).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await page.getByRole('alert').innerText()).toMatch(/at least one event/);
    expect((await api('GET', `/webhooks/${endpointId}`, account.key)).body.data.events).toEqual(['ddex.delivery.done', 'release.approved']);

    await page.goto('/dashboard/webhooks');
    await checkA11y(page);
    await expectEveryControlByKeyboard(page);
    await screenshot(page, 'webhooks-list');
    await page.goto(`/dashboard/webhooks/${endpointId}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await Promise.all([page.waitForURL(/\/dashboard\/webhooks\?done=deleted/), page.getByRole('button', { name: 'Delete endpoint' }).click()]);
    expect((await api('GET', `/webhooks/${endpointId}`, account.key)).status).toBe(404);
    expect((await page.goto(`/dashboard/webhooks/${endpointId}`))!.status()).toBe(404);
  });

  it('refuses every form without its CSRF token, and answers not found for another account\'s endpoint and delivery', async () => {
    const theirs = await api('POST', '/webhooks', other.key, { url: receiver.url, events: ['webhook.test'] });
    expect(theirs.status).toBe(201);
    const theirId = theirs.body.endpoint.id as number;
    const test = await api('POST', `/webhooks/${theirId}/test`, other.key);
    const theirDelivery = test.body.delivery.id as number;
    const mine = await api('POST', '/webhooks', account.key, { url: receiver.url, events: ['webhook.test'] });
    const myId = mine.body.endpoint.id as number;
    const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const fields = { url: receiver.url, events: 'webhook.test', enabled: '1' };

    const posts = [
      '/dashboard/webhooks',
      `/dashboard/webhooks/${myId}`,
      `/dashboard/webhooks/${myId}/test`,
      `/dashboard/webhooks/${myId}/roll-secret`,
      `/dashboard/webhooks/${myId}/deliveries/1/retry`,
      `/dashboard/webhooks/${myId}/delete`,
    ];
    for (const p of posts) {
      const refused = await session.fetch(p, form(fields));
      expect(refused.status, p).toBe(403);
      expect(await refused.text()).toMatch(/security token/);
      const wrong = await session.fetch(p, form({ ...fields, _csrf: 'x'.repeat(session.csrf.length) }));
      expect(wrong.status, p).toBe(403);
    }
    // Nothing happened: one endpoint still, its secret unchanged, no test sent.
    const after = await api('GET', '/webhooks', account.key);
    expect(after.body.data.map((e: { id: number }) => e.id)).toEqual([myId]);
    expect(after.body.data[0].secret_prefix).toBe(mine.body.endpoint.secret_prefix);
    expect((await api('GET', `/webhooks/${myId}/deliveries`, account.key)).body.data).toEqual([]);

    // Another account's endpoint: not found on its page and for every action, token or not.
    expect((await session.fetch(`/dashboard/webhooks/${theirId}`)).status).toBe(404);
    for (const p of [`/dashboard/webhooks/${theirId}`, `/dashboard/webhooks/${theirId}/test`, `/dashboard/webhooks/${theirId}/roll-secret`, `/dashboard/webhooks/${theirId}/deliveries/${theirDelivery}/retry`, `/dashboard/webhooks/${theirId}/delete`, `/dashboard/webhooks/${myId}/deliveries/${theirDelivery}/retry`]) {
      const answer = await session.fetch(p, form({ ...fields, _csrf: session.csrf }));
      expect(answer.status, p).toBe(404);
      expect(await answer.text()).not.toContain('whsec_');
    }
    const still = await api('GET', `/webhooks/${theirId}`, other.key);
    expect(still.status).toBe(200);
    expect(still.body.data.secret_prefix).toBe(theirs.body.endpoint.secret_prefix);
    expect(still.body.data.url).toBe(receiver.url);
    // Not a number, or a page that does not exist: not found too, never a server error.
    for (const p of ['/dashboard/webhooks/abc', '/dashboard/webhooks/0', '/dashboard/webhooks/99999999999999999999']) expect((await session.fetch(p)).status, p).toBe(404);
    // With the token, the same form works: the refusals above were the token's.
    const made = await session.fetch('/dashboard/webhooks', form({ ...fields, _csrf: session.csrf }));
    expect(made.status).toBe(200);
    expect(await made.text()).toMatch(/whsec_/);
  });
});

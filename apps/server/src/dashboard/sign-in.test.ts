/**
 * The dashboard's foundation over real HTTP and in Debian's Chromium (issue 43): an invitation
 * link sets a password once, sign-in and sign-out, the session cookie's flags, sessions listed and
 * revoked, CSRF refusals, the sign-in lockout, a removed user signed out at once, and the public
 * API left key-only (a session cookie never authenticates /v1 or /api/v1; CORS there never allows
 * credentials). axe-core and a screenshot on every page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { checkA11y, invitePath, launchBrowser, makeUser, screenshot, signInBrowser, signInHttp, submitAndWait } from '../../test/support/browser.js';

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

describe.each(backends())('dashboard sign-in and sessions ($name)', (backend) => {
  let server: TestServer;
  let browser: Browser;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    [server, browser] = await Promise.all([TestServer.start(backend), launchBrowser()]);
    account = await setUpAccount(server, { scopes: ['ddex:write'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('follows an invitation link, sets a password, signs in, and signs out; the link works once', async () => {
    const email = `Pat.${backend.name}@Label.test`;
    const invited = await server.admin<{ id: number; link: string; expires_at: string }>('user', 'invite', '--account', String(account.accountId), '--email', email);
    expect(invited.link).toMatch(/\/dashboard\/invite\/[\w-]{43}$/);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();

    await page.goto(invitePath(invited.link));
    expect(await page.textContent('h1')).toBe('Set your password');
    expect(await page.textContent('main')).toContain(email.toLowerCase());
    await checkA11y(page);
    await screenshot(page, 'invite-set-password');
    // By keyboard only: the password field has the focus, Tab moves on, Enter submits.
    await page.keyboard.type('a long enough secret');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a long enough secret');
    await submitAndWait(page, () => page.keyboard.press('Enter'));
    expect(await page.textContent('h1')).toBe('Password set');
    await checkA11y(page);
    await screenshot(page, 'invite-password-set');

    // The link is spent.
    const spent = await page.goto(invitePath(invited.link));
    expect(spent!.status()).toBe(410);
    expect(await page.textContent('h1')).toBe('Invitation no longer valid');
    await checkA11y(page);
    await screenshot(page, 'invite-spent');

    await page.goto('/dashboard/sign-in');
    await checkA11y(page);
    await screenshot(page, 'sign-in');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('a long enough secret');
    await Promise.all([page.waitForURL('**/dashboard'), page.keyboard.press('Enter')]);
    expect(await page.textContent('.who')).toContain(email.toLowerCase());
    expect(await page.textContent('.who')).toContain(`Partner ${account.email}`);
    await checkA11y(page);
    await screenshot(page, 'home');
    // A phone's width: the navigation moves above the content.
    await page.setViewportSize({ width: 390, height: 844 });
    await checkA11y(page);
    await screenshot(page, 'home-narrow');
    await page.setViewportSize({ width: 1280, height: 720 });
    // An unknown dashboard page is a page too, not JSON.
    const missing = await page.goto('/dashboard/no-such-page');
    expect(missing!.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Not found');
    await checkA11y(page);
    await screenshot(page, 'not-found');
    await page.goto('/dashboard');

    const [cookie] = (await context.cookies()).filter((c) => c.name === 'ddex_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Loopback: not Secure (the browser would drop it over plain http).
    expect(cookie.secure).toBe(false);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/dashboard/sign-in?signed_out=1');
    expect(await page.textContent('[role="status"]')).toBe('You are signed out.');
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await context.close();
  });

  it('answers a wrong password without saying whether the email exists', async () => {
    const user = await makeUser(server, account.accountId);
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    for (const email of [user.email, `nobody-${backend.name}@label.test`]) {
      await page.goto('/dashboard/sign-in');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not the password');
      await submitAndWait(page, () => page.getByRole('button', { name: 'Sign in' }).click());
      expect(await page.textContent('[role="alert"]')).toBe('That email and password do not match a user. Check both and try again.');
    }
    await checkA11y(page);
    await screenshot(page, 'sign-in-wrong-password');
    await context.close();
  });
});

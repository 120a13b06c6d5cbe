/**
 * Settings → API, Users and Sessions in Debian's Chromium against the real server (issue 43): a
 * key made here (by keyboard) works against the API, is shown once, shows when it was last used,
 * and once revoked is refused by the API; a test key answers test_keys_retired; another account's
 * key, user or session by URL is not found; an invitation sent by the server's mailer (the link on
 * the page is the one in the email) lets a colleague in, and removing them signs them out at once;
 * sessions listed and revoked. axe-core and a screenshot on every page and state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { mailTo } from '../../test/support/mail-files.js';
import { checkA11y, invitePath, launchBrowser, makeUser, screenshot, signInBrowser, signInHttp, tabTo, type TestUser, submitAndWait } from '../../test/support/browser.js';

describe.each(backends())('dashboard settings ($name)', (backend) => {
  let server: TestServer;
  let browser: Browser;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let other: Awaited<ReturnType<typeof setUpAccount>>;
  let user: TestUser;
  let page: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([TestServer.start(backend, { JOBS_POLL_MS: '200' }), launchBrowser()]);
    [account, other] = await Promise.all([setUpAccount(server), setUpAccount(server, { scopes: ['members:read'] })]);
    user = await makeUser(server, account.accountId);
    ({ page } = await signInBrowser(browser, server, user));
    page.on('dialog', (dialog) => void dialog.accept());
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a key by keyboard, shows it once, and the API takes it until it is revoked here', async () => {
    await page.goto('/dashboard/settings/api');
    await checkA11y(page);
    await screenshot(page, 'settings-api');

    await tabTo(page, page.getByLabel(/^Name/));
    await page.keyboard.type('Catalog sync');
    for (const scope of ['members:read', 'ddex:write']) {
      await tabTo(page, page.locator(`input[name="scopes"][value="${scope}"]`));
      await page.keyboard.press('Space');
    }
    await tabTo(page, page.getByRole('button', { name: 'Create key' }));
    await submitAndWait(page, () => page.keyboard.press('Enter'));
    const key = (await page.textContent('#new-key'))!.trim();
    expect(key).toMatch(/^svc_live_[\w-]{43}$/);
    expect(await page.textContent('#created-heading')).toBe('Your new key “Catalog sync”');
    await tabTo(page, page.getByRole('button', { name: 'Copy' }));
    await checkA11y(page);
    await screenshot(page, 'settings-api-key-created');

    const me = await server.fetch('/v1/me', { headers: bearer(key) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ partner: { id: account.accountId }, key: { name: 'Catalog sync', scopes: ['ddex:write', 'members:read'] } });
    expect((await server.fetch('/v1/members', { headers: bearer(key) })).status).toBe(200);

    // Shown once: the list (and its source) has the prefix only, and now when it was last used.
    await page.goto('/dashboard/settings/api');
    const html = await page.content();
    expect(html).not.toContain(key);
    const row = page.locator('tr', { hasText: 'Catalog sync' });
    expect(await row.locator('td').nth(1).textContent()).toBe(`${key.slice(0, 17)}…`);
    expect(await row.locator('td').nth(4).textContent()).not.toBe('Never');
    expect(await row.locator('td').nth(6).textContent()).toBe('Active');

    await tabTo(page, page.getByRole('button', { name: 'Revoke Catalog sync' }));
    await Promise.all([page.waitForURL('**/dashboard/settings/api?done=revoked'), page.keyboard.press('Enter')]);
    expect(await page.textContent('[role="status"]')).toBe('Key revoked: requests with it are refused from now on.');
    expect(await row.locator('td').nth(6).textContent()).toMatch(/^Revoked/);
    await checkA11y(page);
    await screenshot(page, 'settings-api-revoked');
    const refused = await server.fetch('/v1/me', { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'key_revoked' });
  });

  it('answers test_keys_retired to a test key, and says what is wrong with a name, scopes or expiry', async () => {
    await page.goto('/dashboard/settings/api');
    const before = await page.locator('tbody tr').count();
    const submit = async (o: { name: string; scopes: string[]; test?: boolean; expires?: string }) => {
      await page.getByLabel(/^Name/).fill(o.name);
      for (const scope of o.scopes) await page.locator(`input[name="scopes"][value="${scope}"]`).check();
      if (o.test) await page.getByRole('radio', { name: /Test key/ }).check();
      if (o.expires) await page.getByLabel(/^Expires/).fill(o.expires);
      await submitAndWait(page, () => page.getByRole('button', { name: 'Create key' }).click());
      return (await page.textContent('[role="alert"]'))!;
    };
    expect(await submit({ name: 'Old habits', scopes: ['ddex:validate'], test: true })).toMatch(/^test_keys_retired: svc_test_ keys are retired/);
    await checkA11y(page);
    await screenshot(page, 'settings-api-test-key-refused');
    // What was typed is kept.
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Old habits');
    await page.getByRole('radio', { name: /Live key/ }).check();
    for (const box of await page.locator('input[name="scopes"]:checked').all()) await box.uncheck();
    expect(await submit({ name: 'No scopes', scopes: [] })).toBe('A key needs at least one scope.');
    expect(await submit({ name: 'Past', scopes: ['ddex:write'], expires: '2020-01-01' })).toBe('The expiry must be a day in the future.');
    expect(await page.locator('tbody tr').count()).toBe(before);
    expect(await page.locator('#new-key').count()).toBe(0);
  });

  it('answers not found for another account’s key, user or session by URL, and changes nothing', async () => {
    const http = await signInHttp(server, user);
    const otherUser = await makeUser(server, other.accountId);
    const otherSession = await signInHttp(server, otherUser);
    for (const path of [`/dashboard/settings/api/keys/${other.keyId}/revoke`, `/dashboard/settings/users/${otherUser.id}/remove`, '/dashboard/settings/sessions/999999/revoke']) {
      const response = await http.fetch(path, { method: 'POST', csrf: true });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
    // The other account's session id, from its own sessions page.
    const otherPage = await (await otherSession.fetch('/dashboard/settings/sessions')).text();
    const otherId = /\/dashboard\/settings\/sessions\/(\d+)\/revoke/.exec(otherPage)![1];
    expect((await http.fetch(`/dashboard/settings/sessions/${otherId}/revoke`, { method: 'POST', csrf: true })).status).toBe(404);
    // As a page, not JSON, when a person follows a form.
    const asForm = await http.fetch(`/dashboard/settings/api/keys/${other.keyId}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `_csrf=${http.csrf}` });
    expect(asForm.status).toBe(404);
    expect(await asForm.text()).toContain('<h1>Not found</h1>');
    expect((await server.fetch('/v1/members', { headers: bearer(other.key) })).status).toBe(200);
    expect((await otherSession.fetch('/dashboard')).status).toBe(200);
    expect((await otherSession.fetch('/dashboard/settings/users')).status).toBe(200);
  });

  it('invites a colleague by the server’s mailer; they sign in; removing them signs them out at once', async () => {
    const colleague = `colleague-${backend.name}@label.test`;
    await page.goto('/dashboard/settings/users');
    await checkA11y(page);
    await screenshot(page, 'settings-users');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(colleague);
    await tabTo(page, page.getByRole('button', { name: 'Send invitation' }));
    await submitAndWait(page, () => page.keyboard.press('Enter'));
    const link = (await page.textContent('#invite-link'))!.trim();
    expect(link).toMatch(/\/dashboard\/invite\/[\w-]{43}$/);
    await checkA11y(page);
    await screenshot(page, 'settings-users-invited');
    const mail = await mailTo(server.dataDir, colleague);
    expect(mail).toContain(link);
    expect(mail).toContain(`${user.email} invited you to the dashboard of Partner ${account.email}`);

    const password = 'colleague password 1';
    const context = await browser.newContext({ baseURL: server.url });
    const theirs = await context.newPage();
    await theirs.goto(invitePath(link));
    await theirs.getByLabel(/^New password/).fill(password);
    await theirs.getByLabel('The same password again').fill(password);
    await submitAndWait(theirs, () => theirs.getByRole('button', { name: 'Set password' }).click());
    expect(await theirs.textContent('h1')).toBe('Password set');
    await theirs.getByRole('link', { name: 'Sign in' }).click();
    await theirs.getByLabel('Email').fill(colleague);
    await theirs.getByLabel('Password').fill(password);
    await Promise.all([theirs.waitForURL('**/dashboard'), theirs.getByRole('button', { name: 'Sign in' }).click()]);

    await page.goto('/dashboard/settings/users');
    const row = page.locator('tr', { hasText: colleague });
    expect(await row.locator('td').nth(1).textContent()).toBe('Active');
    expect(await row.locator('td').nth(3).textContent()).not.toBe('Never');
    await tabTo(page, page.getByRole('button', { name: `Remove ${colleague}` }));
    await Promise.all([page.waitForURL('**/dashboard/settings/users?done=removed'), page.keyboard.press('Enter')]);
    expect(await page.textContent('[role="status"]')).toBe('User removed: they are signed out.');
    expect(await page.locator('tr', { hasText: colleague }).count()).toBe(0);
    await theirs.goto('/dashboard/settings/users');
    expect(new URL(theirs.url()).pathname).toBe('/dashboard/sign-in');
    await context.close();
    // Nobody removes themselves (they would lock the account out of its dashboard).
    const http = await signInHttp(server, user);
    const self = await http.fetch(`/dashboard/settings/users/${user.id}/remove`, { method: 'POST', csrf: true });
    expect(self.status).toBe(400);
  });

  it('lists the user’s sessions with where and when, and revokes another one by keyboard', async () => {
    const elsewhere = await signInHttp(server, user);
    expect((await elsewhere.fetch('/dashboard')).status).toBe(200);
    await page.goto('/dashboard/settings/sessions');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    const current = page.locator('tr', { hasText: 'This session' });
    expect(await current.locator('td').nth(2).textContent()).toBe('127.0.0.1');
    expect(await current.locator('td').nth(3).textContent()).toContain('HeadlessChrome');
    await checkA11y(page);
    await screenshot(page, 'settings-sessions');
    // The newest other session is the HTTP one (node's fetch says so in its user agent).
    const theirs = page.locator('tr', { hasText: 'node' }).first();
    await tabTo(page, theirs.getByRole('button', { name: 'Revoke' }));
    await Promise.all([page.waitForURL('**/dashboard/settings/sessions?done=revoked'), page.keyboard.press('Enter')]);
    expect(await page.textContent('[role="status"]')).toBe('Session revoked: it is signed out.');
    expect((await elsewhere.fetch('/dashboard')).status).toBe(303);
    expect((await page.goto('/dashboard'))!.status()).toBe(200);
  });
});
